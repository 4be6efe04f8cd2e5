import { Icon } from '@/components/ui/icon';
import { t } from '@/i18n';

/** Back from a checkout that did not pay: says what happened and that nothing was charged. */
export function CheckoutNotice({
  outcome,
}: {
  outcome: 'failed' | 'cancelled' | null;
}) {
  if (!outcome) return null;
  return (
    <div
      role="status"
      data-testid="checkout-notice"
      className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <Icon name="alert" className="mt-0.5 h-4 w-4" />
      <div>
        <p className="font-semibold">
          {outcome === 'failed'
            ? t('payment.failedTitle')
            : t('payment.cancelledTitle')}
        </p>
        <p>
          {outcome === 'failed'
            ? t('payment.failedText')
            : t('payment.cancelledText')}
        </p>
      </div>
    </div>
  );
}
