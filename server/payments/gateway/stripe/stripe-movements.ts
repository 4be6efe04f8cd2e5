import type Stripe from 'stripe';
import { transferKind, type GatewayMovement } from '../payment-gateway';

/** A reversal is created after its transfer: transfers from this long before the period are searched for the period's reversals. */
const REVERSAL_LOOKBACK_S = 90 * 86_400;
const PAGE = 100;

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);
/** The deal's or request's stream: the transfer group we set, or the metadata we wrote. */
const groupOf = (transferGroup: string | null | undefined, metadata: Stripe.Metadata | null | undefined): string | null =>
  transferGroup ?? metadata?.transferGroup ?? metadata?.streamId ?? (metadata?.dealId ? `deal-${metadata.dealId}` : null);

/**
 * Stripe's own record of the period through its list APIs, every page (the SDK's auto-pagination):
 * succeeded charges, refunds, transfers with their reversals, and disputes. Each movement carries
 * the stream it belongs to from `transfer_group` or our metadata.
 */
export async function listStripeMovements(stripe: Stripe, { since, until }: { since: Date; until: Date }): Promise<GatewayMovement[]> {
  const gte = Math.floor(since.getTime() / 1000);
  const lt = Math.ceil(until.getTime() / 1000);
  const created = { gte, lt };
  const out: GatewayMovement[] = [];

  for await (const c of stripe.charges.list({ created, limit: PAGE })) {
    if (c.status !== 'succeeded') continue;
    const intent = idOf(c.payment_intent);
    out.push({
      kind: 'charge',
      id: c.id,
      otherIds: intent ? [intent] : [],
      amountCents: c.amount,
      createdAt: iso(c.created),
      group: groupOf(c.transfer_group, c.metadata),
    });
  }
  for await (const r of stripe.refunds.list({ created, limit: PAGE })) {
    if (r.status === 'failed' || r.status === 'canceled') continue;
    out.push({ kind: 'refund', id: r.id, otherIds: [], amountCents: r.amount, createdAt: iso(r.created), group: groupOf(null, r.metadata) });
  }
  for await (const t of stripe.transfers.list({ created: { gte: gte - REVERSAL_LOOKBACK_S, lt }, limit: PAGE })) {
    const group = groupOf(t.transfer_group, t.metadata);
    if (t.created >= gte) out.push({ kind: transferKind(group ?? ''), id: t.id, otherIds: [], amountCents: t.amount, createdAt: iso(t.created), group });
    if (t.amount_reversed === 0) continue;
    for await (const r of stripe.transfers.listReversals(t.id, { limit: PAGE })) {
      if (r.created < gte || r.created >= lt) continue;
      out.push({ kind: 'transfer_reversal', id: r.id, otherIds: [t.id], amountCents: r.amount, createdAt: iso(r.created), group });
    }
  }
  for await (const d of stripe.disputes.list({ created, limit: PAGE })) {
    const charge = idOf(d.charge);
    out.push({
      kind: 'dispute',
      id: d.id,
      otherIds: charge ? [charge] : [],
      amountCents: d.amount,
      createdAt: iso(d.created),
      group: groupOf(null, d.metadata),
    });
  }
  return out;
}
