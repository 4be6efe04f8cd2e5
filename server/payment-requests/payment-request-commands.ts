import { breakdown } from '@machines/money';
import { EXPIRED_MESSAGE, isExpired } from '@machines/payment-request/payment-request.commands';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import { requestNotFound, type CommandRunner, type PaymentRequestState } from '../commands/run-command';
import { newShareToken } from '../deals/deal-commands';
import type { CreateRequestBody } from './payment-request.schemas';
import { requestExpiresAt } from './request-expiry';

export { EXPIRED_MESSAGE, isExpired };
export { requestNotFound };

/** The request behind a brand's link: it must exist and carry this very token. */
export function assertLinkRequest(state: PaymentRequestState, token: string): void {
  if (state.revision < 0 || state.snapshot.context.request?.token !== token) throw requestNotFound();
}

/**
 * The payment request's commands as routes use them (who may ask, then the command); decisions
 * are machines/payment-request/payment-request.commands.ts's.
 */
export function createPaymentRequestCommands({
  run,
  clock,
  nextRequestId,
  expiryDays,
}: {
  run: CommandRunner;
  clock: Clock;
  nextRequestId: () => Promise<number>;
  expiryDays: number;
}) {
  const linked = (token: string) => ({ authorize: (s: PaymentRequestState) => assertLinkRequest(s, token) });

  return {
    async create(creatorId: string, fallbackName: string, body: CreateRequestBody, ctx: CommandContext) {
      const now = clock.now();
      const expiresAt = requestExpiresAt(body.deadline, now, expiryDays);
      if (expiresAt.getTime() <= now.getTime()) throw new DomainError('deadline_in_past');
      const requestId = await nextRequestId();
      const money = breakdown(body.amount, 'payment_request');
      const token = newShareToken();
      const request = {
        requestId,
        creatorId,
        creatorName: body.creatorName ?? fallbackName,
        creatorEmail: body.creatorEmail,
        title: body.title,
        description: body.description,
        amountCents: money.amountCents,
        feeCents: money.feeCents,
        totalCents: money.totalCents,
        brandName: body.brandName,
        brandEmail: body.brandEmail,
        brandHandle: body.brandHandle,
        deadline: body.deadline,
        token,
        expiresAt: expiresAt.toISOString(),
      };
      const result = await run.request(requestId, { type: 'CreatePaymentRequest', request }, ctx, { newStream: true });
      return { requestId, token, position: result.position };
    },

    accept: (requestId: number, token: string, ctx: CommandContext) => run.request(requestId, { type: 'AcceptPaymentRequest' }, ctx, linked(token)),

    reject: (requestId: number, token: string, reason: string | null, ctx: CommandContext) =>
      run.request(requestId, { type: 'RejectPaymentRequest', reason }, ctx, linked(token)),
  };
}

export type PaymentRequestCommands = ReturnType<typeof createPaymentRequestCommands>;
