import type { paymentRequestMachine } from '../../machines/payment-request/payment-request.machine';
import { breakdown } from '../../machines/money';
import type { Clock } from '../shared/clock';
import { paymentRequestAggregate } from '../commands/aggregate';
import type { CommandBus, CommandContext, Loaded } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import { newShareToken } from '../deals/deal-commands';
import type { CreateRequestBody } from './payment-request.schemas';
import { requestExpiresAt } from './request-expiry';

type RequestState = Loaded<typeof paymentRequestMachine>;

export const requestNotFound = () => new DomainError('not_found', 'Payment request not found');
export const EXPIRED_MESSAGE = 'Payment request has expired';

/** The request behind a brand's link: it must exist and carry this very token. */
export function assertLinkRequest(state: RequestState, token: string): void {
  if (state.revision < 0 || state.snapshot.context.request?.token !== token) throw requestNotFound();
}

/** Unpaid and past its expiry (whether or not the expiry event has landed yet). */
export function isExpired(status: string, expiresAt: string, now: string): boolean {
  if (status === 'expired') return true;
  return (status === 'pending' || status === 'accepted') && Date.parse(now) >= Date.parse(expiresAt);
}

export function createPaymentRequestCommands({ bus, clock, nextRequestId, expiryDays }: {
  bus: CommandBus;
  clock: Clock;
  nextRequestId: () => Promise<number>;
  expiryDays: number;
}) {
  const stream = (id: number) => paymentRequestAggregate.streamId(id);

  /** Runs `decide` on the linked request, answering 410 once it has expired. */
  const onLink = (token: string, decide: (state: RequestState) => { type: string; data: unknown }[]) => (state: RequestState) => {
    assertLinkRequest(state, token);
    const c = state.snapshot.context;
    const status = (state.snapshot.value as string) ?? '';
    if (isExpired(status, c.request!.expiresAt, state.now)) throw new DomainError('expired', EXPIRED_MESSAGE);
    return decide(state);
  };

  return {
    async create(creatorId: string, fallbackName: string, body: CreateRequestBody, ctx: CommandContext) {
      const now = clock.now();
      const expiresAt = requestExpiresAt(body.deadline, now, expiryDays);
      if (expiresAt.getTime() <= now.getTime()) throw new DomainError('validation_failed', 'Deadline must be today or later');
      const requestId = await nextRequestId();
      const money = breakdown(body.amount, 'payment_request');
      const token = newShareToken();
      const result = await bus.execute(paymentRequestAggregate, stream(requestId), () => [{
        type: 'PaymentRequestCreated',
        data: {
          requestId, creatorId, creatorName: body.creatorName ?? fallbackName, creatorEmail: body.creatorEmail,
          title: body.title, description: body.description, amountCents: money.amountCents, feeCents: money.feeCents,
          totalCents: money.totalCents, brandName: body.brandName, brandEmail: body.brandEmail, brandHandle: body.brandHandle,
          deadline: body.deadline, token, expiresAt: expiresAt.toISOString(),
        },
      }], ctx, { newStream: true });
      return { requestId, token, position: result.position };
    },

    /** The brand accepts through the link; accepting twice is a no-op. */
    async accept(requestId: number, token: string, ctx: CommandContext) {
      const result = await bus.execute(paymentRequestAggregate, stream(requestId), onLink(token, (state) =>
        state.snapshot.context.acceptedAt !== null ? [] : [{ type: 'PaymentRequestAccepted', data: {} }]), ctx);
      return { position: result.position };
    },

    async reject(requestId: number, token: string, reason: string | null, ctx: CommandContext) {
      const result = await bus.execute(paymentRequestAggregate, stream(requestId), onLink(token, () => [
        { type: 'PaymentRequestRejected', data: { reason } },
      ]), ctx);
      return { position: result.position };
    },

    /** Checks the link and expiry before a checkout is opened (the Escrow then opens it). */
    async assertPayable(requestId: number, token: string) {
      const state = await bus.load(paymentRequestAggregate, stream(requestId));
      onLink(token, () => [])(state);
    },
  };
}

export type PaymentRequestCommands = ReturnType<typeof createPaymentRequestCommands>;
