/**
 * Whose keys an event's personal fields are sealed under: one person per event, named by a
 * subject (docs/adr/0033-personal-data-keys-per-person.md):
 * - `user-<id>`: an account (brand or creator), `admin-<id>`: an admin,
 * - `deal-link-<id>` / `payment-request-link-<id>`: a person who acts only through a link.
 * In order: the writer's explicit `metadata.subject`; a stream that belongs to one person (the
 * account's own, its billing details, its self-billing agreement and self-billed invoices, its
 * privacy stream, a link's claim); else the actor that wrote the event, since its texts are theirs. Events written by the
 * system or the gateway on no person's stream go under the platform's own key.
 */
const PLATFORM_SUBJECT = 'platform';

const linkSubject = (ref: string): string | null => {
  const match = /^(deal|payment-request)-(.+)$/.exec(ref);
  return match ? `${match[1]}-link-${match[2]}` : null;
};

const STREAM_RULES: [RegExp, (id: string) => string | null][] = [
  // A payment request's payer without an account gives billing details through the link.
  [/^billing-(payment-request-.+)$/, linkSubject],
  [/^(?:user|billing|privacy-user)-(.+)$/, (id) => `user-${id}`],
  [/^self-billing-user-(.+)$/, (id) => `user-${id}`],
  [/^self-billing-(deal-.+)$/, linkSubject],
  // A creator's self-billed invoices (`self-billed-<creator>-<year>`): issued in the creator's
  // name, kept as long as the creator's fiscal records, so under the creator's keys.
  [/^self-billed-user-(.+)-\d{4}$/, (id) => `user-${id}`],
  [/^self-billed-(deal-\d+)-\d{4}$/, linkSubject],
  [/^privacy-deal-link-(.+)$/, (id) => `deal-link-${id}`],
  [/^link-claim-(.+)$/, linkSubject],
  [/^admin-(.+)$/, (id) => `admin-${id}`],
];

interface Meta {
  subject?: unknown;
  actor?: { kind?: unknown; id?: unknown };
}

function actorSubject(actor: Meta['actor']): string | null {
  if (typeof actor?.id !== 'string') return null;
  if (actor.kind === 'brand' || actor.kind === 'creator')
    return `user-${actor.id}`;
  if (actor.kind === 'creator-link') return linkSubject(actor.id);
  if (actor.kind === 'admin') return `admin-${actor.id}`;
  return null;
}

export function subjectOf(streamId: string, metadata: unknown): string {
  const meta = (metadata ?? {}) as Meta;
  if (typeof meta.subject === 'string' && meta.subject !== '')
    return meta.subject;
  for (const [pattern, name] of STREAM_RULES) {
    const match = pattern.exec(streamId);
    const subject = match ? name(match[1]!) : null;
    if (subject) return subject;
  }
  return actorSubject(meta.actor) ?? PLATFORM_SUBJECT;
}
