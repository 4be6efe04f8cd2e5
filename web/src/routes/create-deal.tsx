import { useSearchParams } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { DealFormFields } from '@/features/deals/form/deal-form-fields';
import { useDealForm } from '@/features/deals/hooks/use-deal-form';
import { t } from '@/i18n';

/** New deal, or 'Edit Deal' with ?edit=:id (docs/product.md §2); the app's own messages, no browser bubbles. */
export default function CreateDealRoute() {
  const [params] = useSearchParams();
  const deal = useDealForm(Number(params.get('edit') ?? 0));
  const { form, set, editing, pending } = deal;
  if (deal.loading) return <Spinner label={t('create.loadingDeal')} />;

  return (
    <Page
      title={editing ? t('create.editTitle') : t('create.title')}
      subtitle={t('create.step')}
    >
      <form
        onSubmit={deal.submit}
        noValidate
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <DealFormFields deal={deal} />
        <label className="flex min-h-11 items-start gap-3 rounded-lg bg-slate-50 p-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
            checked={form.confirmed}
            onChange={(e) => set('confirmed', e.target.checked)}
          />
          <span>{t('create.confirm')}</span>
        </label>
        <Button
          type="submit"
          block
          disabled={pending || deal.amount.problem === 'above'}
        >
          {pending
            ? t('create.saving')
            : editing
              ? t('create.save')
              : t('create.submit')}
        </Button>
      </form>
    </Page>
  );
}
