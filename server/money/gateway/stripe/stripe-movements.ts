import type Stripe from 'stripe';
import { transferKind, type GatewayMovement } from '../payment-gateway';

/** A reversal is created after its transfer: transfers from this long before the period are searched for the period's reversals. */
const REVERSAL_LOOKBACK_S = 90 * 86_400;
const PAGE = 100;

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
const idOf = (
  value: string | { id: string } | null | undefined,
): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;
/** The deal's or request's stream: the transfer group we set, or the metadata we wrote. */
const groupOf = (
  transferGroup: string | null | undefined,
  metadata: Stripe.Metadata | null | undefined,
): string | null =>
  transferGroup ??
  metadata?.transferGroup ??
  metadata?.streamId ??
  (metadata?.dealId ? `deal-${metadata.dealId}` : null);

/** One movement; `otherId` is the one other id that names it (a charge's intent, a dispute's charge, a reversal's transfer). */
const movement = (
  kind: GatewayMovement['kind'],
  object: { id: string; amount: number; created: number },
  otherId: string | null,
  group: string | null,
): GatewayMovement => ({
  kind,
  id: object.id,
  otherIds: otherId ? [otherId] : [],
  amountCents: object.amount,
  createdAt: iso(object.created),
  group,
});

/**
 * Stripe's own record of the period through its list APIs, every page (the SDK's auto-pagination):
 * succeeded charges, refunds, transfers with their reversals, and disputes. Each movement carries
 * the stream it belongs to from `transfer_group` or our metadata.
 */
export async function listStripeMovements(
  stripe: Stripe,
  { since, until }: { since: Date; until: Date },
): Promise<GatewayMovement[]> {
  const gte = Math.floor(since.getTime() / 1000);
  const lt = Math.ceil(until.getTime() / 1000);
  const created = { gte, lt };
  const out: GatewayMovement[] = [];

  for await (const c of stripe.charges.list({ created, limit: PAGE })) {
    if (c.status !== 'succeeded') continue;
    out.push(
      movement(
        'charge',
        c,
        idOf(c.payment_intent),
        groupOf(c.transfer_group, c.metadata),
      ),
    );
  }
  for await (const r of stripe.refunds.list({ created, limit: PAGE })) {
    if (r.status === 'failed' || r.status === 'canceled') continue;
    out.push(movement('refund', r, null, groupOf(null, r.metadata)));
  }
  for await (const t of stripe.transfers.list({
    created: { gte: gte - REVERSAL_LOOKBACK_S, lt },
    limit: PAGE,
  })) {
    const group = groupOf(t.transfer_group, t.metadata);
    if (t.created >= gte)
      out.push(movement(transferKind(group ?? ''), t, null, group));
    if (t.amount_reversed === 0) continue;
    for await (const r of stripe.transfers.listReversals(t.id, {
      limit: PAGE,
    })) {
      if (r.created < gte || r.created >= lt) continue;
      out.push(movement('transfer_reversal', r, t.id, group));
    }
  }
  for await (const d of stripe.disputes.list({ created, limit: PAGE })) {
    const dispute = movement(
      'dispute',
      d,
      idOf(d.charge),
      groupOf(null, d.metadata),
    );
    out.push(d.status === 'won' ? { ...dispute, reinstated: true } : dispute);
  }
  return out;
}
