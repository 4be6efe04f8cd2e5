import { formatDate } from '@/lib/dates';
import { t, formatMoney } from '@/i18n';
import { chargebackReason } from '@/features/admin/model/hold-line';

interface Chargeback {
  disputeId: string;
  amountCents: number;
  reason: string;
  at: string;
  status?: 'open' | 'won' | 'lost' | undefined;
  closedAt?: string | undefined;
  outcomeReason?: string | undefined;
}

/** Where the chargeback stands: open, or the gateway's outcome with its date (and reason when lost). */
function outcomeOf(c: Chargeback): string {
  if (c.status === 'won')
    return t('admin.chargebackWon', { date: formatDate(c.closedAt) });
  if (c.status === 'lost')
    return t('admin.chargebackLost', {
      date: formatDate(c.closedAt),
      reason: chargebackReason(c.outcomeReason ?? c.reason),
    });
  return t('admin.chargebackOpen');
}
interface DuplicateRefund {
  refundId: string;
  amountCents: number;
  at: string;
}

/** The admin's note on an end by a lost chargeback, from the status text that says so. */
const chargedBackEnd = (statusText: string) =>
  statusText.endsWith('.charged_back')
    ? 'admin.chargedBackEnd'
    : statusText.endsWith('.charged_back_in_part')
      ? 'admin.chargedBackEndInPart'
      : null;

/**
 * Chargebacks and automatically refunded duplicate payments of a deal or payment request, and
 * whether a lost chargeback ended it (its status text says so: `…charged_back`, or
 * `…charged_back_in_part` for a plan whose first milestones were paid out before).
 */
export function MoneyNotes({
  chargebacks,
  duplicateRefunds,
  statusText,
}: {
  chargebacks: Chargeback[];
  duplicateRefunds: DuplicateRefund[];
  statusText: string;
}) {
  const date = (at: string) => formatDate(at);
  return (
    <>
      {chargebacks.length > 0 && (
        <div
          className="rounded-lg bg-red-50 p-2 text-sm text-red-800"
          data-testid="chargebacks"
        >
          <p className="font-semibold">
            {t('admin.chargebacks')}: {chargebacks.length}
          </p>
          <ul className="list-inside list-disc">
            {chargebacks.map((c) => (
              <li key={c.disputeId} className="break-words">
                {t('admin.chargebackLine', {
                  amount: formatMoney(c.amountCents),
                  reason: chargebackReason(c.reason),
                  date: date(c.at),
                })}{' '}
                <span
                  data-testid="chargeback-outcome"
                  data-status={c.status ?? 'open'}
                >
                  · {outcomeOf(c)}
                </span>
              </li>
            ))}
          </ul>
          {chargedBackEnd(statusText) && (
            <p className="mt-1 font-semibold" data-testid="charged-back-end">
              {t(chargedBackEnd(statusText)!)}
            </p>
          )}
        </div>
      )}
      {duplicateRefunds.length > 0 && (
        <div
          className="rounded-lg bg-sky-50 p-2 text-sm text-sky-900"
          data-testid="duplicate-refunds"
        >
          <p className="font-semibold">
            {t('admin.duplicateRefunds')}: {duplicateRefunds.length}
          </p>
          <ul className="list-inside list-disc">
            {duplicateRefunds.map((r) => (
              <li key={r.refundId} className="break-words">
                {t('admin.duplicateRefundLine', {
                  amount: formatMoney(r.amountCents),
                  date: date(r.at),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
