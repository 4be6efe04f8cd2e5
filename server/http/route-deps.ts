import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from '@machines/events/metadata';
import type { AuthGuards } from '../auth/authenticate';
import type { CommandContext } from '../commands/command-bus';
import type { Idempotency } from './idempotency';

/** A Fastify instance whose routes take zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * What a feature's routes are given: `ctx`, the parts of the app the feature uses (each feature
 * names its own `Parts`; only the composition root knows the whole app), and the request plumbing.
 */
export interface RouteDeps<Parts> {
  ctx: Parts;
  guards: AuthGuards;
  idempotency: Idempotency;
}

/** Actor and correlation id of a request: every event it causes carries them. */
export function commandContext(
  request: FastifyRequest,
  actor: Actor,
): CommandContext {
  return { actor, correlationId: request.id, causationId: null };
}
