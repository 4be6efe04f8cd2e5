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
import type { AccountCommands } from '../accounts/account-commands';
import type { AdminAccounts } from '../admin/admin-accounts';
import type { AppContext } from '../app-context';
import type { AuthGuards } from '../auth/authenticate';
import type { CommandContext } from '../commands/command-bus';
import type { DealViews } from '../deals/deal-views';
import type { Idempotency } from './idempotency';

/** A Fastify instance whose routes take zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every route plugin is given: the context plus the services built on it. */
export interface RouteDeps {
  ctx: AppContext;
  guards: AuthGuards;
  accounts: AccountCommands;
  admins: AdminAccounts;
  dealViews: DealViews;
  idempotency: Idempotency;
}

/** Actor and correlation id of a request: every event it causes carries them. */
export function commandContext(request: FastifyRequest, actor: Actor): CommandContext {
  return { actor, correlationId: request.id, causationId: null };
}
