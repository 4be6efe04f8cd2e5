import { breakdown } from '@machines/money';
import { AmountField } from '@/components/ui/amount-field';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { TextArea, TextField } from '@/components/ui/field';
import { t, formatMoney } from '@/i18n';
import {
  requestAmountBounds,
  type RequestForm,
} from '@/features/payment-requests/hooks/use-request-form';

/** The five numbered sections of the creator's request (docs/product.md §2), with the live breakdown. */
export function RequestFormFields({ request: r }: { request: RequestForm }) {
  return (
    <>
      <Card className="space-y-3">
        <h2 className="font-semibold">{t('creq.s1')}</h2>
        <TextField
          label={t('creq.brandName')}
          value={r.form.brandName}
          error={r.errorOf('brandName')}
          onChange={(e) => r.set('brandName')(e.target.value)}
        />
        <TextField
          label={t('creq.brandEmail')}
          type="email"
          autoComplete="off"
          value={r.form.brandEmail}
          error={r.errorOf('brandEmail')}
          onChange={(e) => r.set('brandEmail')(e.target.value)}
        />
        <TextField
          label={t('creq.brandHandle')}
          value={r.form.brandHandle}
          onChange={(e) => r.set('brandHandle')(e.target.value)}
        />
      </Card>
      <Card className="space-y-3">
        <h2 className="font-semibold">{t('creq.s2')}</h2>
        <TextField
          label={t('creq.titleLabel')}
          value={r.form.title}
          error={r.errorOf('title')}
          onChange={(e) => r.set('title')(e.target.value)}
        />
      </Card>
      <Card className="space-y-3">
        <h2 className="font-semibold">{t('creq.s3')}</h2>
        <TextArea
          label={t('creq.description')}
          rows={4}
          value={r.form.description}
          error={r.errorOf('description')}
          onChange={(e) => r.set('description')(e.target.value)}
        />
      </Card>
      <RequestAmountCard request={r} />
      <Card className="space-y-3">
        <h2 className="font-semibold">{t('creq.s5')}</h2>
        <TextField
          label={t('creq.deadline')}
          type="date"
          value={r.form.deadline}
          error={r.errorOf('deadline')}
          onChange={(e) => r.set('deadline')(e.target.value)}
        />
      </Card>
    </>
  );
}

/** Section 4: the amount as typed and understood, and what the brand pays with the fee. */
function RequestAmountCard({ request: r }: { request: RequestForm }) {
  const split =
    r.amount.problem === null
      ? breakdown(r.amount.cents, 'payment_request')
      : null;
  const bounds = requestAmountBounds();
  return (
    <Card className="space-y-3">
      <h2 className="font-semibold">{t('creq.s4')}</h2>
      <AmountField
        label={t('creq.amount')}
        value={r.form.amount}
        onChange={r.set('amount')}
        reading={r.amount}
        bounds={bounds}
        aboveText={t('amount.above', {
          max: formatMoney(bounds.maxCents, { whole: true }),
        })}
        showEmpty={r.tried}
      />
      {split && (
        <dl
          className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm"
          data-testid="request-breakdown"
        >
          <DetailRow
            label={t('creq.youReceive')}
            value={formatMoney(split.amountCents)}
          />
          <DetailRow
            label={t('request.fee')}
            value={formatMoney(split.feeCents)}
          />
          <DetailRow
            label={t('creq.brandPays')}
            value={formatMoney(split.totalCents)}
          />
        </dl>
      )}
    </Card>
  );
}
