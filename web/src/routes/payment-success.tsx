import { useEffect, useRef, useState } from 'react';
import { DetailRow } from '@/components/ui/detail-row';
import { Link, useParams } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useAuthToken } from '@/app/use-auth-token';
import { useDeal } from '@/features/deals/api/get-deal.query';
import { useGenerateToken } from '@/features/deals/api/generate-token.mutation';
import { usePaymentStatus } from '@/features/deals/api/payment-status.query';
import { DealProgress } from '@/features/deals/components/deal-progress';
import { acceptUrl } from '@/features/deals/components/share-panel';
import { useDealView } from '@/features/deals/model/deal-view';
import { formatDate } from '@/lib/dates';
import { HttpError } from '@/lib/http';
import { t, formatMoney } from '@/i18n';
import { HeroIcon } from '@/components/ui/icon';
import { DocumentLink } from '@/features/documents/components/document-link';

function Celebration({ title }: { title: string }) {
  return (
    <div className="py-6 text-center">
      <HeroIcon name="party" tone="bg-emerald-100 text-emerald-700" />
      <h1 className="mt-3 text-2xl font-bold">{title}</h1>
    </div>
  );
}

export default function PaymentSuccessRoute() {
  const dealId = Number(useParams().dealId ?? 0);
  const token = useAuthToken();
  const deal = useDeal(dealId, token !== null);
  usePaymentStatus(dealId, token !== null && deal.isSuccess);
  const view = useDealView(deal.data);
  const generate = useGenerateToken();
  const [link, setLink] = useState<string | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (!deal.data || asked.current) return;
    if (deal.data.shareableToken) {
      setLink(acceptUrl(deal.data.shareableToken));
      return;
    }
    asked.current = true;
    generate.mutate(deal.data.id, {
      onSuccess: (answer) => setLink(answer.shareableUrl || acceptUrl(answer.token)),
      onError: (error) => {
        const auth =
          error instanceof HttpError &&
          (error.status === 401 || error.serverCode === 'unauthorized');
        toast({
          title: auth ? t('toast.loginPrompt') : t('toast.linkError'),
          variant: 'destructive',
        });
      },
    });
  }, [deal.data, generate]);

  if (!token) {
    return (
      <Page>
        <Celebration title={t('success.title')} />
        <Link to="/login" className={buttonClass('primary', true)}>
          {t('success.login')}
        </Link>
      </Page>
    );
  }
  if (deal.isPending) return <Spinner label={t('success.checking')} />;
  if (!deal.data || !view) {
    return (
      <Page title={t('success.notFound')}>
        <Link to="/login" className={buttonClass('primary', true)}>
          {t('success.loginDashboard')}
        </Link>
      </Page>
    );
  }
  const d = deal.data;
  const share = async () => {
    if (!link) return;
    if (navigator.share)
      await navigator.share({ url: link, title: d.title ?? d.influencer }).catch(() => undefined);
    else
      await navigator.clipboard
        .writeText(link)
        .catch(() => toast({ title: t('toast.copyError'), variant: 'destructive' }));
  };

  return (
    <Page>
      <Celebration title={t('success.title')} />
      <p className="-mt-4 mb-4 text-center text-sm text-slate-600">{t('success.text')}</p>
      <div className="space-y-4">
        <Card>
          <DealProgress step={view.step} />
        </Card>
        <Card className="border-brand-100 bg-brand-50">
          <h2 className="font-semibold">{t('success.shareTitle')}</h2>
          <p className="mb-3 text-sm text-slate-600">{t('success.shareText')}</p>
          {link ? (
            <>
              <p
                data-testid="share-link"
                className="mb-3 break-all rounded-lg bg-white p-3 font-mono text-xs"
              >
                {link}
              </p>
              <div className="flex gap-2">
                <CopyButton
                  text={link}
                  label={t('success.copy')}
                  copiedLabel={t('share.copied')}
                  className="flex-1"
                  onError={() => toast({ title: t('toast.copyError'), variant: 'destructive' })}
                />
                <Button className="flex-1" onClick={() => void share()}>
                  {t('success.share')}
                </Button>
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-500">{t('success.generating')}</p>
          )}
        </Card>
        <Card>
          <h2 className="mb-2 font-semibold">{t('success.summary')}</h2>
          <dl className="space-y-1 text-sm">
            <DetailRow label={t('success.creator')} value={d.influencer} />
            {d.title && <DetailRow label={t('card.assignment')} value={d.title} />}
            <DetailRow label={t('card.creatorReceives')} value={formatMoney(d.amountCents)} />
            <DetailRow label={t('card.brandPays')} value={formatMoney(d.totalAmountCents)} />
            <DetailRow label={t('card.deadline')} value={formatDate(d.deadline)} />
          </dl>
          {d.paidAt && (
            <div className="mt-3">
              <DocumentLink to={`/deals/${d.id}/receipt`} kind="receipt" />
            </div>
          )}
        </Card>
        <Card>
          <h2 className="mb-2 font-semibold">{t('success.nextTitle')}</h2>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>{t('success.next1')}</li>
            <li>{t('success.next2')}</li>
            <li>{t('success.next3')}</li>
            <li>{t('success.next4')}</li>
          </ol>
        </Card>
        <Link to="/" className={buttonClass('secondary', true)}>
          {t('success.back')}
        </Link>
      </div>
    </Page>
  );
}
