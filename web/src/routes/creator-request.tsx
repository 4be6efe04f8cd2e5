import { useNavigate } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { RequestCreatedDialog } from '@/features/payment-requests/components/request-created-dialog';
import { RequestFormFields } from '@/features/payment-requests/components/request-form-fields';
import { useRequestForm } from '@/features/payment-requests/hooks/use-request-form';
import { t } from '@/i18n';

/** The creator's payment-request form (docs/product.md §2): the app's own messages, no browser bubbles. */
export default function CreatorRequestRoute() {
  const navigate = useNavigate();
  const request = useRequestForm();
  return (
    <Page title={t('creq.title')} subtitle={t('creq.subtitle')}>
      <form onSubmit={request.submit} noValidate className="space-y-4">
        <RequestFormFields request={request} />
        <Button type="submit" block disabled={request.pending}>
          {request.pending ? t('creq.submitting') : t('creq.submit')}
        </Button>
      </form>
      <RequestCreatedDialog
        request={request.created}
        onNew={request.startOver}
        onHome={() => navigate('/')}
      />
    </Page>
  );
}
