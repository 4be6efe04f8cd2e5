import { breakdown } from '@machines/money';
import type { CommandContext } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import type { CommandRunner } from '../commands/run-command';
import type { Clock } from '../shared/clock';
import { newShareToken } from '../shared/share-token';
import type { CreateRequestBody } from './payment-request.schemas';
import { requestExpiresAt } from './request-expiry';

export interface NewPaymentRequestDeps {
  run: CommandRunner;
  clock: Clock;
  nextRequestId: () => Promise<number>;
  expiryDays: number;
}

/**
 * A creator's new payment request: its expiry (refused when the deadline has passed), then a
 * fresh id, the amount with its fee and total, and the link the brand acts through.
 */
export async function createPaymentRequest(
  { run, clock, nextRequestId, expiryDays }: NewPaymentRequestDeps,
  creator: { id: string; fallbackName: string },
  body: CreateRequestBody,
  ctx: CommandContext,
): Promise<{ requestId: number; token: string; position: number }> {
  const now = clock.now();
  const expiresAt = requestExpiresAt(body.deadline, now, expiryDays);
  if (expiresAt.getTime() <= now.getTime())
    throw new DomainError('deadline_in_past');
  const requestId = await nextRequestId();
  const money = breakdown(body.amount, 'payment_request');
  const token = newShareToken();
  const request = {
    requestId,
    creatorId: creator.id,
    creatorName: body.creatorName ?? creator.fallbackName,
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
  const result = await run.request(
    requestId,
    { type: 'CreatePaymentRequest', request },
    ctx,
    {
      newStream: true,
    },
  );
  return { requestId, token, position: result.position };
}
