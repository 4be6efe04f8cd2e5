import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@/lib/router';
import { toast } from '@/components/ui/toast-store';
import { useCreateDeal } from '@/features/deals/api/create-deal.mutation';
import { useDeal } from '@/features/deals/api/get-deal.query';
import { useUpdateDeal } from '@/features/deals/api/update-deal.mutation';
import {
  emptyDealForm,
  formFromDeal,
  formPlanProblems,
  missingRequired,
  planDeal,
  readDealAmount,
  toDealInput,
  type DealFormState,
} from '@/features/deals/form/deal-form-state';
import {
  isPlanCode,
  placeRefusal,
  utcToday,
  type PlanProblem,
} from '@/features/deals/form/milestone-plan';
import { errorText, HttpError } from '@/lib/http';
import { t } from '@/i18n';

/** After a refused submit, the first field in error gets the focus (it may be far above the button). */
const focusFirstInvalid = (form: HTMLFormElement) =>
  setTimeout(
    () =>
      form
        .querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid]')
        ?.focus(),
    0,
  );

/** The form's state; an edited deal's fields once loaded (later polls must not overwrite typing). */
function useFormState(editId: number) {
  const editing = editId > 0;
  const existing = useDeal(editId, editing);
  const [form, setForm] = useState<DealFormState>(emptyDealForm);
  const [loadedId, setLoadedId] = useState(0);
  useEffect(() => {
    if (editing && existing.data && loadedId !== existing.data.id) {
      setForm(formFromDeal(existing.data));
      setLoadedId(existing.data.id);
    }
  }, [editing, existing.data, loadedId]);
  return { form, setForm, editing, loading: editing && existing.isPending };
}

/** The new or edited deal's form: its state, the amount as understood, the plan's problems, and the submit. */
export function useDealForm(editId: number) {
  const navigate = useNavigate();
  const { form, setForm, editing, loading } = useFormState(editId);
  const create = useCreateDeal();
  const update = useUpdateDeal();
  const [tried, setTried] = useState(false);
  // The server's refusal of the plan, on its field until the brand changes anything.
  const [refusal, setRefusal] = useState<PlanProblem | null>(null);

  const amount = readDealAmount(form.amount);
  const planProblems = formPlanProblems(form, utcToday());
  const onSuccess = (deal: { id: number }) => {
    toast({
      title: editing ? t('toast.updated') : t('toast.created'),
      description: t('toast.redirectPayment'),
    });
    navigate(`/payment/${deal.id}`);
  };
  const onError = (error: Error) => {
    const code = error instanceof HttpError ? error.serverErrorCode : null;
    if (isPlanCode(code))
      setRefusal(
        placeRefusal(code, form.milestones, planDeal(form, utcToday())),
      );
    toast({
      title: editing ? t('toast.updateError') : t('toast.createError'),
      description: errorText(error) || t('toast.tryAgain'),
      variant: 'destructive',
    });
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTried(true);
    if (missingRequired(form)) {
      toast({
        title: t('toast.required'),
        description: t('toast.requiredText'),
        variant: 'destructive',
      });
      return;
    }
    if (amount.problem !== null || planProblems.length > 0) {
      focusFirstInvalid(e.currentTarget);
      return;
    }
    const input = toDealInput(form);
    if (editing) update.mutate({ id: editId, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  };
  const set = <K extends keyof DealFormState>(
    key: K,
    value: DealFormState[K],
  ) => {
    setRefusal(null);
    setForm((f) => ({ ...f, [key]: value }));
  };
  return {
    form,
    set,
    amount,
    tried,
    /** The plan's problems to show: the server's refusal, else (after a submit) the form's own checks. */
    planShown: refusal ? [refusal] : tried ? planProblems : [],
    refusal,
    submit,
    editing,
    loading,
    pending: create.isPending || update.isPending,
  };
}
export type DealForm = ReturnType<typeof useDealForm>;
