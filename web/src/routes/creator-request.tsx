import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PaymentRequestDto } from '@machines/contract/api';
import { breakdown, centsToDecimal, parseEuroToCents } from '@machines/money';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { TextArea, TextField } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { toast } from '@/components/ui/toast-store';
import { useCreateRequest } from '@/features/payment-requests/api/create-request.mutation';
import { RequestCreatedDialog } from '@/features/payment-requests/components/request-created-dialog';
import { HttpError } from '@/lib/http';
import { t, formatMoney } from '@/i18n';

const EMPTY = {
  brandName: '',
  brandEmail: '',
  brandHandle: '',
  title: '',
  description: '',
  amount: '',
  deadline: '',
};

/** The creator's payment-request form (Dutch, docs/product.md §2) with the live 5 % breakdown from machines/money. */
export default function CreatorRequestRoute() {
  const navigate = useNavigate();
  const create = useCreateRequest();
  const [form, setForm] = useState(EMPTY);
  const [created, setCreated] = useState<PaymentRequestDto | null>(null);
  const set = (key: keyof typeof EMPTY) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  const cents = form.amount.trim() === '' ? null : parseEuroToCents(form.amount);
  const split = cents ? breakdown(cents, 'payment_request') : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { ...form, amount: centsToDecimal(cents ?? 0), creatorName: '', creatorEmail: '' },
      {
        onSuccess: (request: PaymentRequestDto & { brandEmailNotice?: string }) => {
          setCreated(request);
          // The brand's address did not get an e-mail about it: the creator shares the link themselves.
          if (request.brandEmailNotice) toast({ title: request.brandEmailNotice });
        },
        onError: (error) =>
          toast({
            title: t('creq.createError'),
            description:
              error instanceof HttpError ? error.serverMessage : t('creq.createErrorText'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Page title={t('creq.title')} subtitle={t('creq.subtitle')}>
      <form onSubmit={submit} className="space-y-4">
        <Card className="space-y-3">
          <h2 className="font-semibold">{t('creq.s1')}</h2>
          <TextField
            label={t('creq.brandName')}
            required
            value={form.brandName}
            onChange={(e) => set('brandName')(e.target.value)}
          />
          <TextField
            label={t('creq.brandEmail')}
            type="email"
            required
            value={form.brandEmail}
            onChange={(e) => set('brandEmail')(e.target.value)}
          />
          <TextField
            label={t('creq.brandHandle')}
            value={form.brandHandle}
            onChange={(e) => set('brandHandle')(e.target.value)}
          />
        </Card>
        <Card className="space-y-3">
          <h2 className="font-semibold">{t('creq.s2')}</h2>
          <TextField
            label={t('creq.titleLabel')}
            required
            value={form.title}
            onChange={(e) => set('title')(e.target.value)}
          />
        </Card>
        <Card className="space-y-3">
          <h2 className="font-semibold">{t('creq.s3')}</h2>
          <TextArea
            label={t('creq.description')}
            required
            rows={4}
            value={form.description}
            onChange={(e) => set('description')(e.target.value)}
          />
        </Card>
        <Card className="space-y-3">
          <h2 className="font-semibold">{t('creq.s4')}</h2>
          <TextField
            label={t('creq.amount')}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            required
            value={form.amount}
            onChange={(e) => set('amount')(e.target.value)}
          />
          {split && (
            <dl
              className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm"
              data-testid="request-breakdown"
            >
              <DetailRow label={t('creq.youReceive')} value={formatMoney(split.amountCents)} />
              <DetailRow label={t('request.fee')} value={formatMoney(split.feeCents)} />
              <DetailRow label={t('creq.brandPays')} value={formatMoney(split.totalCents)} />
            </dl>
          )}
        </Card>
        <Card className="space-y-3">
          <h2 className="font-semibold">{t('creq.s5')}</h2>
          <TextField
            label={t('creq.deadline')}
            type="date"
            required
            value={form.deadline}
            onChange={(e) => set('deadline')(e.target.value)}
          />
        </Card>
        <Button type="submit" block disabled={create.isPending}>
          {create.isPending ? t('creq.submitting') : t('creq.submit')}
        </Button>
      </form>
      <RequestCreatedDialog
        request={created}
        onNew={() => {
          setCreated(null);
          setForm(EMPTY);
        }}
        onHome={() => navigate('/')}
      />
    </Page>
  );
}
