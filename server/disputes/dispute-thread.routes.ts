import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { inputRef } from '@machines/errors/input-texts';
import { errorSchema } from '@machines/contract/api';
import {
  disputeMessageBody,
  disputeThreadSchema,
  evidenceFileDtoSchema,
  type DisputeMessageBody,
  type DisputeThreadDto,
} from '@machines/contract/dispute-api';
import {
  EVIDENCE_MAX_BYTES,
  type DisputeMessage,
} from '@machines/escrow/dispute-message';
import { DomainError } from '../commands/domain-error';
import type {
  DealState,
  PaymentRequestState,
  RunOptions,
} from '../commands/run-command';
import { evidenceTypeOf } from '../evidence/evidence-type';
import { idParam, tokenParam } from '../http/fields';
import { createLimit } from '../http/rate-limits';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { DisputeRouteDeps } from './dispute-parts';
import { createParties, type Party, type PartyOf } from './dispute-parties';
import {
  subjectStream,
  threadDto,
  threadEntries,
  threadHasFile,
} from './dispute-thread';

const tags = ['dispute conversation'];
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
  429: errorSchema,
};
/** Evidence files one side may upload to one dispute per rate-limit window. */
const UPLOADS_PER_WINDOW = 25;
const sha256Param = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/, inputRef('unknown_file')),
});
const fileQuery = z.object({ name: z.string().max(400).optional() });

/** A file name safe to store and to put in a header: no paths, no control characters, 200 at most. */
function cleanName(name: string | undefined, contentType: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  return (
    base ||
    `evidence.${contentType === 'application/pdf' ? 'pdf' : contentType.slice(6)}`
  );
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** A message may only be written while the dispute is open: the refusal names the current status. */
function assertCanPost(party: Party, status: () => string): void {
  if (!party.actor) throw new DomainError('auditor_read_only');
  if (!party.state.open) {
    const action = 'post_dispute_message';
    throw party.subject.kind === 'deal'
      ? new DomainError('deal_not_in_state', { action, status: status() })
      : new DomainError('payment_request_not_in_state', {
          action,
          status: status(),
        });
  }
}

interface Spec {
  params: typeof idParam | typeof tokenParam;
  read: (request: FastifyRequest) => Promise<void>;
  act: (request: FastifyRequest) => Promise<void>;
  partyOf: PartyOf;
  who: string;
}

/** The conversation as a party reads it, and a party's message recorded on the aggregate's stream. */
function conversation(ctx: DisputeRouteDeps['ctx']) {
  const statusOf = (party: Party) => () =>
    (party.subject.kind === 'deal'
      ? ctx.queries.deals.byId(party.subject.id)?.status
      : ctx.queries.requests.byId(party.subject.id)?.status) ?? 'unknown';
  const thread = async (party: Party): Promise<DisputeThreadDto> => {
    const recorded = await ctx.store.readStream(subjectStream(party.subject));
    const entries = threadEntries(recorded, party.names);
    return threadDto(party.subject, party.state, entries, {
      side: party.side,
      canPost: party.actor !== null,
    });
  };
  /**
   * Each file named must have arrived in this conversation (its type and size are the store's, not
   * the sender's): a file of another dispute is refused as one never received.
   */
  const post = async (
    party: Party,
    body: DisputeMessageBody,
    request: FastifyRequest,
  ) => {
    const files: DisputeMessage['files'] = [];
    const scope = subjectStream(party.subject);
    for (const f of body.files) {
      const here = await ctx.evidence.hasUpload(scope, f.sha256);
      const stored = here ? await ctx.evidence.get(f.sha256) : null;
      if (!stored) throw new DomainError('evidence_not_received');
      const name = cleanName(f.name, stored.contentType);
      const { contentType, sizeBytes } = stored;
      files.push({ sha256: f.sha256, name, contentType, sizeBytes });
    }
    const message: DisputeMessage = {
      side: party.side!,
      text: body.text,
      files,
    };
    const command = { type: 'PostDisputeMessage', message } as const;
    const cc = commandContext(request, party.actor!);
    const options = { authorize: party.authorize };
    const { position } =
      party.subject.kind === 'deal'
        ? await ctx.run.deal(
            party.subject.id,
            command,
            cc,
            options as RunOptions<DealState>,
          )
        : await ctx.run.request(
            party.subject.id,
            command,
            cc,
            options as RunOptions<PaymentRequestState>,
          );
    await ctx.settle(position);
  };
  return { statusOf, thread, post };
}

/** Reading the conversation and downloading one of its files. */
function readRoutes(
  app: ZodApp,
  ctx: DisputeRouteDeps['ctx'],
  base: string,
  spec: Spec,
): void {
  const { thread } = conversation(ctx);
  app.get(
    base,
    {
      preValidation: spec.read,
      schema: {
        tags,
        params: spec.params,
        description: `The dispute's conversation as ${spec.who} reads it: the reason given when it was opened, then every message with its evidence files (SHA-256), and when the dispute period ends.`,
        response: { 200: disputeThreadSchema, ...errors },
      },
    },
    async (request) => thread(await spec.partyOf(request)),
  );

  app.get(
    `${base}/files/:sha256`,
    {
      preValidation: spec.read,
      schema: {
        tags,
        params: spec.params.extend(sha256Param.shape),
        description:
          "Downloads one of the conversation's evidence files, as an attachment (Content-Disposition), with X-Content-Type-Options nosniff and a sandboxing Content-Security-Policy: never rendered as a page.",
        response: { 404: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply: FastifyReply) => {
      const party = await spec.partyOf(request);
      const { sha256 } = request.params as { sha256: string };
      const recorded = await ctx.store.readStream(subjectStream(party.subject));
      const entries = threadEntries(recorded, null);
      const file = entries
        .flatMap((e) => e.files)
        .find((f) => f.sha256 === sha256);
      const stored = threadHasFile(entries, sha256)
        ? await ctx.evidence.get(sha256)
        : null;
      if (!file || !stored) throw new DomainError('evidence_not_found');
      return reply
        .type(stored.contentType)
        .header('content-disposition', disposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, no-store')
        .send(stored.bytes);
    },
  );
}

/** Uploading an evidence file and posting a message, while the dispute is open. */
function writeRoutes(
  app: ZodApp,
  ctx: DisputeRouteDeps['ctx'],
  base: string,
  spec: Spec,
): void {
  const { statusOf, thread, post } = conversation(ctx);
  const uploads = createLimit(app as unknown as FastifyInstance, {
    max: UPLOADS_PER_WINDOW,
    windowMs: ctx.config.rateLimits.windowMs,
    key: (r) => `evidence|${base}|${JSON.stringify(r.params)}`,
    message: 'Too many files for this dispute',
  });

  app.post(
    `${base}/files`,
    {
      preValidation: spec.act,
      bodyLimit: EVIDENCE_MAX_BYTES,
      schema: {
        tags,
        params: spec.params,
        querystring: fileQuery,
        description:
          'Uploads one evidence file as the raw request body (any Content-Type; `?name=` its file name): an image (PNG, JPEG, GIF, WebP) or a PDF recognised by its content, at most 10 MB (413 above, 415 for another type). Answers its SHA-256 to name in a message.',
        response: { 200: evidenceFileDtoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const party = await spec.partyOf(request);
      assertCanPost(party, statusOf(party));
      await uploads.hit(request, reply);
      const bytes = Buffer.isBuffer(request.body)
        ? request.body
        : Buffer.alloc(0);
      if (bytes.length === 0) throw new DomainError('evidence_empty');
      const contentType = evidenceTypeOf(bytes);
      if (!contentType) throw new DomainError('evidence_type_refused');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await ctx.evidence.put({
        sha256,
        contentType,
        sizeBytes: bytes.length,
        bytes,
      });
      await ctx.evidence.addUpload(subjectStream(party.subject), sha256);
      const name = cleanName(
        (request.query as z.infer<typeof fileQuery>).name,
        contentType,
      );
      return { sha256, name, contentType, sizeBytes: bytes.length };
    },
  );

  app.post(
    `${base}/messages`,
    {
      preValidation: spec.act,
      schema: {
        tags,
        params: spec.params,
        body: disputeMessageBody,
        description:
          'Posts a message (1-4,000 characters) with up to 5 uploaded evidence files while the dispute is open; the other side is notified. Answers the conversation.',
        response: { 200: disputeThreadSchema, ...errors },
      },
    },
    async (request) => {
      const party = await spec.partyOf(request);
      assertCanPost(party, statusOf(party));
      await post(party, request.body as DisputeMessageBody, request);
      return thread(await spec.partyOf(request));
    },
  );
}

/**
 * The dispute conversation of deals and payment requests, at each party's entry point: the
 * brand (signed in on a deal; through its link on a request), the creator (through the deal's link
 * with its claim, or signed in on a request), admins (post) and auditors (read).
 */
export function disputeThreadRoutes(app: ZodApp, deps: DisputeRouteDeps): void {
  const parties = createParties(deps.ctx);
  const { guards } = deps;
  const open = async () => undefined;
  const register = (scoped: ZodApp) => {
    // Evidence arrives as the raw body: whatever its declared type, its bytes are checked.
    (scoped as unknown as FastifyInstance).addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: EVIDENCE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    const route = (base: string, spec: Spec) => {
      readRoutes(scoped, deps.ctx, base, spec);
      writeRoutes(scoped, deps.ctx, base, spec);
    };
    route('/api/deals/:id/dispute', {
      params: idParam,
      read: guards.requireUser,
      act: guards.requireUser,
      partyOf: parties.dealBrand,
      who: 'the brand',
    });
    route('/api/deals/link/:token/dispute', {
      params: tokenParam,
      read: open,
      act: open,
      partyOf: parties.dealCreator,
      who: "the creator (the deal's link with its claim secret, or signed in)",
    });
    route('/api/payment-requests/:id/dispute', {
      params: idParam,
      read: guards.requireUser,
      act: guards.requireUser,
      partyOf: parties.requestCreator,
      who: 'the creator',
    });
    route('/api/payment-requests/link/:token/dispute', {
      params: tokenParam,
      read: open,
      act: open,
      partyOf: parties.requestBrand,
      who: "the brand (the request's link with its claim secret)",
    });
    route('/api/admin/deals/:id/dispute', {
      params: idParam,
      read: guards.requireAdminReader,
      act: guards.requireAdminActor,
      partyOf: parties.adminOfDeal,
      who: 'an admin or auditor',
    });
    route('/api/admin/payment-requests/:id/dispute', {
      params: idParam,
      read: guards.requireAdminReader,
      act: guards.requireAdminActor,
      partyOf: parties.adminOfRequest,
      who: 'an admin or auditor',
    });
  };
  void app.register(async (scoped) => register(scoped as ZodApp));
}
