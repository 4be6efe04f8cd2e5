import { formatMoney, t, type MessageKey } from '@/i18n';

/**
 * What brand and creator are told of a chargeback on the payment: open (held until the bank
 * decides), won (back in escrow) or lost (returned to the cardholder). Admins see the details.
 */
export function ChargebackNotice({
  chargeback,
}: {
  chargeback: { status: 'open' | 'won' | 'lost'; amountCents: number } | null;
}) {
  if (!chargeback) return null;
  const tone =
    chargeback.status === 'won'
      ? 'bg-emerald-50 text-emerald-900'
      : 'bg-amber-50 text-amber-950';
  return (
    <p
      role="status"
      className={`rounded-lg p-3 text-sm ${tone}`}
      data-testid="chargeback-notice"
      data-status={chargeback.status}
    >
      {t(`chargeback.${chargeback.status}` as MessageKey, {
        amount: formatMoney(chargeback.amountCents),
      })}
    </p>
  );
}
