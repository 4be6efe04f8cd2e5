import { Link, useParams } from '@/lib/router';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { useRequestByToken } from '@/features/payment-requests/api/get-request-by-token.query';
import { RequestSteps } from '@/features/payment-requests/components/request-steps';
import { useRequestView } from '@/features/payment-requests/model/request-view';
import { t, formatMoney } from '@/i18n';
import { HeroIcon, Icon } from '@/components/ui/icon';
import { supportMailto } from '@/lib/support';
import { RequestDocuments } from '@/features/documents/components/request-documents';
import { getAuthToken } from '@/lib/auth-token';

const SUPPORT = supportMailto();

/** Shown after the brand paid a payment request (Dutch, docs/product.md §2). */
export default function PayRequestSuccessRoute() {
  const token = useParams().token ?? '';
  const request = useRequestByToken(token);
  const view = useRequestView(request.data);
  const r = request.data;
  // A brand without an account goes back to its request's page (its receipt, review and status),
  // not to a dashboard or home page that asks it to sign in.
  const signedIn = getAuthToken() !== null;
  const back = signedIn ? '/' : `/pay-request/${encodeURIComponent(token)}`;

  return (
    <main className="mx-auto w-full max-w-md space-y-4 px-4 py-6">
      {signedIn && (
        <div className="flex justify-end">
          <Link to="/dashboard" className={buttonClass('ghost')}>
            {t('psuccess.dashboard')}
          </Link>
        </div>
      )}
      <div className="text-center">
        <HeroIcon name="check" tone="bg-emerald-100 text-emerald-700" />
        <h1 className="mt-2 text-2xl font-bold">{t('psuccess.title')}</h1>
      </div>
      {r && (
        <Card>
          <dl className="space-y-1 text-sm">
            <DetailRow
              label={t('psuccess.paid')}
              value={formatMoney(r.totalAmountCents)}
            />
            <DetailRow
              label={t('psuccess.service')}
              value={formatMoney(r.amountCents)}
            />
          </dl>
        </Card>
      )}
      {r && <RequestDocuments token={token} paid={r.paidAt !== null} />}
      {view && (
        <Card>
          <RequestSteps step={view.step} />
        </Card>
      )}
      <Card>
        <h2 className="mb-2 font-semibold">{t('psuccess.how')}</h2>
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          <li>{t('psuccess.step1')}</li>
          <li>{t('psuccess.step2')}</li>
          <li>{t('psuccess.step3')}</li>
        </ol>
      </Card>
      <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
        <Icon name="lock" className="mr-1 h-4 w-4 align-[-2px]" />{' '}
        {t('psuccess.protection')}
      </p>
      <div className="grid gap-2">
        <Link to={back} className={buttonClass('primary', true)}>
          {signedIn ? t('psuccess.home') : t('psuccess.request')}
        </Link>
        <a href={SUPPORT} className={buttonClass('secondary', true)}>
          {t('psuccess.support')}
        </a>
      </div>
    </main>
  );
}
