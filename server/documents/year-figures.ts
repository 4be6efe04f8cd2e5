import { userAggregate } from '../commands/aggregate';
import type { CommandBus } from '../commands/command-bus';
import { centsToDecimal } from '@machines/money';
import type { PayoutIdentity } from '@machines/account/payout-identity';
import {
  yearTotals,
  type YearLine,
  type YearOverviewDto,
} from '@machines/documents/year-figures';
import type {
  MoneyMovement,
  MoneyQueries,
} from '../../projections/money.queries';
import type { DealQueries } from '../../projections/deals.queries';
import type { PaymentRequestQueries } from '../../projections/payment-requests.queries';
import { csvText } from '../shared/csv';

export interface YearFigureDeps {
  bus: CommandBus;
  queries: {
    money: Pick<MoneyQueries, 'yearMovements' | 'creatorYearMovements'>;
    deals: Pick<DealQueries, 'byId'>;
    requests: Pick<PaymentRequestQueries, 'byId'>;
  };
  brandNameOf(userId: string): string;
}

const streamNumber = (streamId: string) =>
  Number(/(\d+)$/.exec(streamId)?.[1] ?? 0);

/** A movement as a line of the creator's overview: which deal or request, its title and brand. */
function lineOf(deps: YearFigureDeps, m: MoneyMovement): YearLine {
  const id = streamNumber(m.streamId);
  const amounts = {
    paidOutCents: m.paidOutCents,
    refundedCents: m.refundedCents,
    feeCents: m.feeCents,
  };
  if (m.streamId.startsWith('deal-')) {
    const c = deps.queries.deals.byId(id)?.context;
    const brand = c ? deps.brandNameOf(c.ownerId) : '';
    const title = c?.terms?.title ?? null;
    return {
      at: m.at,
      kind: m.kind,
      subject: 'deal',
      id,
      title,
      brand,
      ...amounts,
    };
  }
  const r = deps.queries.requests.byId(id)?.context.request;
  const [title, brand] = [r?.title ?? null, r?.brandName ?? ''];
  return {
    at: m.at,
    kind: m.kind,
    subject: 'payment_request',
    id,
    title,
    brand,
    ...amounts,
  };
}

/** A creator account's name and the identity its bank setup recorded. */
async function creatorAccount(bus: CommandBus, userId: string) {
  const c = (await bus.load(userAggregate, userAggregate.streamId(userId)))
    .snapshot.context;
  return {
    name: c.companyName || c.username,
    identity: c.payoutIdentity ?? null,
  };
}

/** The signed-in creator's overview of a calendar year: every payout, split part and refund, and totals. */
export async function creatorYearOverview(
  deps: YearFigureDeps,
  userId: string,
  year: number,
  madeAt: string,
): Promise<YearOverviewDto> {
  const lines = deps.queries.money
    .creatorYearMovements(userId, year)
    .map((m) => lineOf(deps, m));
  const { name } = await creatorAccount(deps.bus, userId);
  return { year, creator: name, madeAt, lines, totals: yearTotals(lines) };
}

export const creatorCsvColumns = [
  'date',
  'kind',
  'subject',
  'id',
  'title',
  'brand',
  'paid_out_eur',
  'refunded_eur',
  'fee_eur',
] as const;

/** The overview's lines as CSV (euros with cents, instants in ISO-8601). */
export function creatorYearCsv(doc: YearOverviewDto): string {
  const rows = doc.lines.map((l) => ({
    date: l.at,
    kind: l.kind,
    subject: l.subject,
    id: String(l.id),
    title: l.title ?? '',
    brand: l.brand,
    paid_out_eur: centsToDecimal(l.paidOutCents),
    refunded_eur: centsToDecimal(l.refundedCents),
    fee_eur: centsToDecimal(l.feeCents),
  }));
  return csvText(rows, creatorCsvColumns);
}

export const operatorCsvColumns = [
  'year',
  'quarter',
  'creator',
  'creator_name',
  'legal_name',
  'address',
  'birth_date',
  'tax_id',
  'payouts',
  'paid_out_eur',
  'fees_kept_eur',
  'refunded_eur',
] as const;
type OperatorRow = Record<(typeof operatorCsvColumns)[number], string>;

/** Who a group of movements was paid to: an account (its user id) or, without one, the deal itself. */
async function payee(
  deps: YearFigureDeps,
  key: string,
  moves: MoneyMovement[],
) {
  const dealIdentity = (): PayoutIdentity | null => {
    for (const m of [...moves].reverse()) {
      if (!m.streamId.startsWith('deal-')) continue;
      const c = deps.queries.deals.byId(streamNumber(m.streamId))?.context;
      if (c?.payoutIdentity) return c.payoutIdentity;
    }
    return null;
  };
  if (moves[0]!.creatorUserId === null) {
    const c = deps.queries.deals.byId(streamNumber(key))?.context;
    return {
      ref: key,
      name: c?.terms?.influencer ?? '',
      identity: dealIdentity(),
    };
  }
  const account = await creatorAccount(deps.bus, key);
  return {
    ref: key,
    name: account.name,
    identity: account.identity ?? dealIdentity(),
  };
}

/**
 * The operator's report of a calendar year: per creator (an account, or a deal whose creator has
 * none) and quarter the payouts counted, paid out, the fees kept on them and the refunds, with the
 * identity the creator gave at bank setup — the figures a DAC7 report is made from.
 */
export async function operatorYearRows(
  deps: YearFigureDeps,
  year: number,
): Promise<OperatorRow[]> {
  const byCreator = new Map<string, MoneyMovement[]>();
  for (const m of deps.queries.money.yearMovements(year)) {
    const key = m.creatorUserId ?? m.streamId;
    byCreator.set(key, [...(byCreator.get(key) ?? []), m]);
  }
  const rows: OperatorRow[] = [];
  for (const [key, moves] of byCreator) {
    const who = await payee(deps, key, moves);
    for (const quarter of [1, 2, 3, 4] as const) {
      const t = yearTotals(moves.filter((m) => m.quarter === quarter));
      rows.push({
        year: String(year),
        quarter: `Q${quarter}`,
        creator: who.ref,
        creator_name: who.name,
        legal_name: who.identity?.legalName ?? '',
        address: who.identity?.address ?? '',
        birth_date: who.identity?.birthDate ?? '',
        tax_id: who.identity?.taxId ?? '',
        payouts: String(t.payouts),
        paid_out_eur: centsToDecimal(t.paidOutCents),
        fees_kept_eur: centsToDecimal(t.feeCents),
        refunded_eur: centsToDecimal(t.refundedCents),
      });
    }
  }
  return rows;
}

export const operatorYearCsv = (rows: OperatorRow[]) =>
  csvText(rows, operatorCsvColumns);
