import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { breakdown } from '@machines/money';
import { Button } from '@/components/ui/button';
import { TextArea, TextField } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useCreateDeal } from '@/features/deals/api/create-deal.mutation';
import { useDeal } from '@/features/deals/api/get-deal.query';
import { useUpdateDeal } from '@/features/deals/api/update-deal.mutation';
import { AiImprove } from '@/features/deals/form/ai-improve';
import { CheckGroup } from '@/features/deals/form/check-group';
import { deliverableLabel } from '@/features/deals/model/deliverables';
import {
  amountCents,
  emptyDealForm,
  formFromDeal,
  missingRequired,
  overCap,
  toDealInput,
  type DealFormState,
} from '@/features/deals/form/deal-form-state';
// The option lists come from the one definition in machines/ (X shows as 'X (Twitter)' through its message).
import { deliverableOptions, platforms } from '@machines/deal/deal-options';
import { errorText } from '@/lib/http';
import { t, type MessageKey, formatMoney } from '@/i18n';

export default function CreateDealRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = Number(params.get('edit') ?? 0);
  const editing = editId > 0;
  const existing = useDeal(editId, editing);
  const create = useCreateDeal();
  const update = useUpdateDeal();
  const [form, setForm] = useState<DealFormState>(emptyDealForm);
  const [loadedId, setLoadedId] = useState(0);

  // Fill the form once from the loaded deal; later polls must not overwrite typing.
  useEffect(() => {
    if (editing && existing.data && loadedId !== existing.data.id) {
      setForm(formFromDeal(existing.data));
      setLoadedId(existing.data.id);
    }
  }, [editing, existing.data, loadedId]);

  const set = <K extends keyof DealFormState>(key: K, value: DealFormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const capError = overCap(form.amount) ? t('create.amountCap') : null;
  const cents = amountCents(form.amount);
  const pending = create.isPending || update.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (capError) return;
    if (missingRequired(form)) {
      toast({
        title: t('toast.required'),
        description: t('toast.requiredText'),
        variant: 'destructive',
      });
      return;
    }
    const input = toDealInput(form);
    const onSuccess = (deal: { id: number }) => {
      toast({
        title: editing ? t('toast.updated') : t('toast.created'),
        description: t('toast.redirectPayment'),
      });
      navigate(`/payment/${deal.id}`);
    };
    const onError = (error: Error) =>
      toast({
        title: editing ? t('toast.updateError') : t('toast.createError'),
        description: errorText(error) || t('toast.tryAgain'),
        variant: 'destructive',
      });
    if (editing) update.mutate({ id: editId, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  };

  if (editing && existing.isPending) return <Spinner label={t('create.loadingDeal')} />;

  return (
    <Page title={editing ? t('create.editTitle') : t('create.title')} subtitle={t('create.step')}>
      <form
        onSubmit={submit}
        noValidate
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <TextField
          label={t('create.influencer')}
          placeholder={t('create.influencerPlaceholder')}
          required
          value={form.influencer}
          onChange={(e) => set('influencer', e.target.value)}
        />
        <TextField
          label={t('create.profileLink')}
          type="url"
          placeholder="https://"
          value={form.profileLink}
          onChange={(e) => set('profileLink', e.target.value)}
        />
        <TextField
          label={t('create.dealTitle')}
          value={form.title}
          onChange={(e) => set('title', e.target.value)}
        />
        <TextArea
          label={t('create.description')}
          required
          rows={5}
          hint={t('create.descriptionHint')}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <AiImprove
          input={{
            description: form.description,
            platforms: form.platforms,
            deliverables: form.deliverables,
          }}
          onUse={(text) => set('description', text)}
        />
        <TextField
          label={t('create.amount')}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          required
          value={form.amount}
          onChange={(e) => set('amount', e.target.value)}
          error={capError}
          hint={
            cents
              ? t('create.feeLine', { total: formatMoney(breakdown(cents, 'deal').totalCents) })
              : undefined
          }
        />
        <TextField
          label={t('create.deadline')}
          type="date"
          value={form.deadline}
          onChange={(e) => set('deadline', e.target.value)}
        />
        <TextField
          label={t('create.publicationDeadline')}
          type="date"
          value={form.publicationDeadline}
          onChange={(e) => set('publicationDeadline', e.target.value)}
        />
        <CheckGroup
          legend={t('create.deliverables')}
          options={deliverableOptions}
          labelOf={deliverableLabel}
          value={form.deliverables}
          onChange={(v) => set('deliverables', v)}
        />
        <CheckGroup
          legend={t('create.platforms')}
          options={platforms}
          labelOf={(o) => t(`platform.${o}` as MessageKey)}
          value={form.platforms}
          onChange={(v) => set('platforms', v)}
        />
        <TextField
          label={t('create.briefing')}
          value={form.briefingFiles}
          onChange={(e) => set('briefingFiles', e.target.value)}
        />
        <label className="flex items-start gap-3 rounded-lg bg-slate-50 p-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
            checked={form.confirmed}
            onChange={(e) => set('confirmed', e.target.checked)}
          />
          <span>{t('create.confirm')}</span>
        </label>
        <Button type="submit" block disabled={pending || capError !== null}>
          {pending ? t('create.saving') : editing ? t('create.save') : t('create.submit')}
        </Button>
      </form>
    </Page>
  );
}
