import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { AnyStateMachine } from 'xstate';
import { eventCatalog } from '@machines/events/catalog';
import type {
  EventDefinition,
  PersonalFieldMarks,
  StreamCategory,
} from '@machines/events/define';
import type { Actor, EventMetadata } from '@machines/events/metadata';
import { dealMachine } from '@machines/deal/deal.machine';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { userMachine } from '@machines/account/user.machine';
import { adminMachine } from '@machines/account/admin.machine';
import { linkClaimMachine } from '@machines/link-claim/link-claim.machine';

/**
 * Generates docs/events.md from the event catalogue: every event type with its stream, schema
 * version, description, fields (from the zod schema via z.toJSONSchema), the statechart transitions
 * that accept it, and an example with metadata. `npx tsx server/cli/event-docs.ts` rewrites the file;
 * tests/machines/event-docs.test.ts fails when the file is out of date.
 */

export const EVENT_DOCS_PATH = fileURLToPath(
  new URL('../../docs/events.md', import.meta.url),
);

const streams: Record<
  StreamCategory,
  { stream: string; title: string; machine?: AnyStateMachine }
> = {
  deal: { stream: 'deal-<id>', title: 'Deal', machine: dealMachine },
  'payment-request': {
    stream: 'payment-request-<id>',
    title: 'Payment request',
    machine: paymentRequestMachine,
  },
  user: { stream: 'user-<id>', title: 'User account', machine: userMachine },
  admin: {
    stream: 'admin-<id>',
    title: 'Admin account',
    machine: adminMachine,
  },
  unique: {
    stream: 'unique-<kind>-<sha256 of the look-alike key>',
    title: 'Unique-value reservations',
  },
  sequence: { stream: 'sequence-<name>', title: 'Id sequences' },
  notification: {
    stream:
      'notification-<sha256 of event:recipient:channel>, reminder-deal-<id>-<hash>, milestone-due-deal-<id>-<hash>, hold-alert-deal-<id>-<hash>, link-push-deal-<id>, alert-push-admin-<id>, email-optout-<sha256 of the mailbox>, request-block-<sha256 of mailbox and creator>, notification-failures-<channel>-<window start ms>',
    title: 'Notifications',
  },
  'link-claim': {
    stream: 'link-claim-deal-<id>, link-claim-payment-request-<id>',
    title: 'Link claims',
    machine: linkClaimMachine,
  },
  reconciliation: {
    stream: 'reconciliation-<YYYY-MM-DD>, payment-intents-stalled-<id>',
    title: 'Reconciliation and payment alerts',
  },
  document: {
    stream:
      'invoices-<year>, self-billed-deal-<id>-<year>, billing-<user id>, self-billing-deal-<id>',
    title: 'Invoices, billing details and self-billing agreements',
  },
  privacy: {
    stream:
      'privacy-user-<id>, privacy-deal-link-<id>, privacy-payment-request-link-<id>, store-migration-<digest>',
    title: 'Personal data',
  },
};

const actorOverrides: Record<string, Actor['kind']> = {
  PaymentSucceeded: 'stripe',
  BillingDetailsChanged: 'brand',
  SelfBillingAgreed: 'creator-link',
  SelfBillingRevoked: 'creator-link',
  PaymentFailed: 'stripe',
  ChargebackOpened: 'stripe',
  BankAccountConnected: 'stripe',
  PaymentRequestPaid: 'stripe',
  PaymentRequestPaymentFailed: 'stripe',
  PayoutAccountStatusChanged: 'stripe',
  CreatorAccepted: 'creator-link',
  ShareLinkRotated: 'brand',
  BankOnboardingStarted: 'creator-link',
  ContentDelivered: 'creator-link',
  ReviewPeriodStarted: 'system',
  ReviewPeriodElapsed: 'system',
  DisputePeriodElapsed: 'system',
  PaymentRequestExpired: 'system',
  DealPutOnHold: 'admin',
  DealReleasedFromHold: 'admin',
  DealRefunded: 'admin',
  DealCompletedManually: 'admin',
  PaymentRequestCreated: 'creator',
  PaymentRequestCompleted: 'creator',
  PaymentRequestAccepted: 'brand',
  PaymentRequestRejected: 'brand',
  PaymentRequestCheckoutCreated: 'brand',
  AdminAccountCreated: 'system',
  AdminLoggedIn: 'admin',
  AdminDeactivated: 'admin',
  AdminRecoveryCodeIssued: 'system',
  AdminRecoveryCodeUsed: 'admin',
  ValueReserved: 'system',
  ValueReleased: 'system',
  IdBlockReserved: 'system',
  DealLinkPushSubscribed: 'creator-link',
  DealLinkPushUnsubscribed: 'creator-link',
  AdminPushSubscribed: 'admin',
  AdminPushUnsubscribed: 'admin',
  EmailUnsubscribed: 'system',
  PaymentRequestSenderBlocked: 'system',
  StoreMigrated: 'system',
  MailFilesRemoved: 'brand',
};
const defaultActor: Record<StreamCategory, Actor['kind']> = {
  deal: 'brand',
  'payment-request': 'brand',
  user: 'brand',
  admin: 'admin',
  unique: 'system',
  sequence: 'system',
  notification: 'system',
  'link-claim': 'creator-link',
  reconciliation: 'system',
  document: 'system',
  privacy: 'brand',
};

interface Transition {
  from: string;
  to: string;
  guard: string | null;
}

interface StateNodeLike {
  path: string[];
  states: Record<string, StateNodeLike>;
  transitions: Map<
    string,
    { target?: readonly { path: string[] }[]; guard?: unknown }[]
  >;
}

/** Every transition of `machine` taken on `eventType`, as "from → to [guard]". */
function transitionsOf(
  machine: AnyStateMachine | undefined,
  eventType: string,
): Transition[] {
  const found: Transition[] = [];
  const walk = (node: StateNodeLike) => {
    const from = node.path.join('.') || '(any state)';
    for (const t of node.transitions.get(eventType) ?? []) {
      const guard =
        typeof t.guard === 'string'
          ? t.guard
          : typeof t.guard === 'object' && t.guard
            ? String((t.guard as { type?: unknown }).type)
            : t.guard
              ? 'inline guard'
              : null;
      found.push({
        from,
        to: t.target?.map((n) => n.path.join('.')).join(', ') ?? from,
        guard,
      });
    }
    Object.values(node.states).forEach(walk);
  };
  if (machine) walk(machine.root as unknown as StateNodeLike);
  return found;
}

type Json = Record<string, unknown>;

function describeType(s: Json): string {
  if (Array.isArray(s.anyOf))
    return (s.anyOf as Json[]).map(describeType).join(' or ');
  if (Array.isArray(s.enum))
    return (s.enum as unknown[])
      .map((v) => `\`${JSON.stringify(v)}\``)
      .join(', ');
  const bits: string[] = [];
  const type = String(s.type ?? 'any');
  if (type === 'array') {
    bits.push(`array of ${describeType((s.items as Json | undefined) ?? {})}`);
    if (s.minItems !== undefined || s.maxItems !== undefined)
      bits.push(
        `(${String(s.minItems ?? 0)}..${String(s.maxItems ?? '∞')} items)`,
      );
    return bits.join(' ');
  }
  bits.push(type);
  if (s.format) bits.push(`(${String(s.format)})`);
  if (s.pattern) bits.push(`matching \`${String(s.pattern)}\``);
  if (s.minLength !== undefined || s.maxLength !== undefined)
    bits.push(
      `(length ${String(s.minLength ?? 0)}..${String(s.maxLength ?? '∞')})`,
    );
  const max =
    typeof s.maximum === 'number' && s.maximum < Number.MAX_SAFE_INTEGER
      ? ` ≤ ${s.maximum}`
      : '';
  if (s.exclusiveMinimum !== undefined)
    bits.push(`> ${String(s.exclusiveMinimum)}${max && `,${max}`}`);
  else if (s.minimum !== undefined)
    bits.push(`≥ ${String(s.minimum)}${max && `,${max}`}`);
  else if (max) bits.push(max.trim());
  return bits.join(' ');
}

/** The personal-data mark of a field as the table shows it: its own, its elements' or its items' fields'. */
function privacyCell(marks: PersonalFieldMarks, path: string): string {
  const own = [marks[path], marks[`${path}[]`]].filter((m) => m !== undefined);
  const items = Object.entries(marks)
    .filter(([p]) => p.startsWith(`${path}[].`))
    .map(([p, m]) => `\`${p.slice(path.length + 3)}\`: ${m}`);
  return [...new Set(own)].join(', ') + items.join(', ');
}

function fieldRows(
  schema: Json,
  marks: PersonalFieldMarks,
  prefix = '',
): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([name, prop]) => {
    const row = `| \`${prefix}${name}\` | ${describeType(prop).replace(/\|/g, '\\|')} | ${required.has(name) ? 'yes' : 'no'} | ${privacyCell(marks, `${prefix}${name}`)} |`;
    return prop.type === 'object'
      ? [row, ...fieldRows(prop, marks, `${prefix}${name}.`)]
      : [row];
  });
}

function exampleOf(d: EventDefinition, state: string | undefined): Json {
  const metadata: EventMetadata = {
    actor: {
      kind: actorOverrides[d.type] ?? defaultActor[d.category],
      id: 'u_7f3a',
    },
    at: '2026-11-20T10:00:00.000Z',
    correlationId: '0b6f9c1e-2d3a-4c5b-8e7f-1a2b3c4d5e6f',
    causationId: null,
    schemaVersion: d.version,
    ...(state ? { state } : {}),
  };
  return { type: d.type, data: d.example, metadata };
}

function renderEvent(d: EventDefinition): string {
  const { stream, machine } = streams[d.category];
  const transitions = transitionsOf(machine, d.type);
  const state = transitions.find((t) => t.to !== '(any state)')?.to;
  const lines = [
    `### ${d.type}`,
    '',
    `${d.description}`,
    '',
    `- stream: \`${stream}\``,
    `- schema version: ${d.version}`,
  ];
  if (transitions.length > 0) {
    const describe = (t: Transition) =>
      `\`${t.from}\`${t.to === t.from ? ' (stays)' : ` → \`${t.to}\``}${t.guard ? ` if \`${t.guard}\`` : ''}`;
    lines.push(
      `- accepted by the statechart: ${transitions.map(describe).join('; ')}`,
    );
  }
  const rows = fieldRows(
    z.toJSONSchema(d.schema, { unrepresentable: 'any' }) as Json,
    d.fields,
  );
  lines.push(
    '',
    ...(rows.length
      ? ['| field | type | required | personal |', '|---|---|---|---|', ...rows]
      : ['No data fields (`{}`).']),
  );
  lines.push(
    '',
    '```json',
    JSON.stringify(exampleOf(d, state), null, 2),
    '```',
    '',
  );
  return lines.join('\n');
}

export function renderEventDocs(
  catalog: readonly EventDefinition[] = eventCatalog,
): string {
  const out = [
    '# Event catalogue',
    '',
    '<!-- Generated by `npx tsx server/cli/event-docs.ts` from machines/events/catalog.ts. Do not edit by hand. -->',
    '',
    `${catalog.length} event types. Every stored event is \`{ type, data, metadata }\`; \`data\` must match the schema below`,
    '(checked by the command pipeline before append and by the codec on every read). Metadata is the same for all types:',
    '',
    '| field | meaning |',
    '|---|---|',
    '| `actor` | `{ kind: brand \\| creator-link \\| creator \\| admin \\| system \\| stripe, id }`: who caused the event |',
    '| `at` | ISO-8601 instant the event was decided (the injected clock); timer guards compare it with deadlines |',
    '| `correlationId` | ties together everything one request, webhook or timer caused |',
    '| `causationId` | id of the event or request that directly caused this one (`null` for a user request) |',
    "| `schemaVersion` | the version of the type's schema the data was written with |",
    '| `state` | the statechart state the stream reached with this event, stamped by the pipeline (ADR 0002); absent on reservation and sequence streams |',
    '',
    'The **personal** column marks every string field (docs/privacy.md): `profile` is contact data or a text written by or',
    'about a person, `fiscal` is what an invoice must show (kept for the bookkeeping retention period), `none` identifies no',
    'one (ids, codes, secrets). Other fields (numbers, enums, date-times) are empty there: they carry no personal text.',
    '',
  ];
  for (const [category, info] of Object.entries(streams) as [
    StreamCategory,
    (typeof streams)[StreamCategory],
  ][]) {
    const defs = catalog.filter((d) => d.category === category);
    if (defs.length === 0) continue;
    out.push(
      `## ${info.title} (\`${info.stream}\`)`,
      '',
      ...defs.map(renderEvent),
    );
  }
  return `${out.join('\n').trimEnd()}\n`;
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(process.argv[1]).href
) {
  writeFileSync(EVENT_DOCS_PATH, renderEventDocs());
  console.log(`Wrote ${EVENT_DOCS_PATH}`);
}
