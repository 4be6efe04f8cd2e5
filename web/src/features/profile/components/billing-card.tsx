import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n';
import {
  BillingForm,
  type BillingTexts,
} from '@/features/documents/components/billing-form';
import {
  useBillingDetails,
  useSaveBillingDetails,
} from '@/features/profile/api/billing-details';

/** 'Billing details': who the platform's fee invoices are made out to. */
export function BillingCard() {
  const details = useBillingDetails();
  const save = useSaveBillingDetails();
  return (
    <Card className="space-y-3">
      <div>
        <h2 className="font-semibold">{t('billing.title')}</h2>
        <p className="text-sm text-slate-600">{t('billing.intro')}</p>
      </div>
      {details.data ? (
        <BillingForm
          initial={details.data.billingDetails}
          save={save}
          texts={profileTexts}
        />
      ) : (
        <Spinner />
      )}
    </Card>
  );
}

const profileTexts: BillingTexts = {
  title: 'billing.title',
  vatId: 'billing.vatId',
  save: 'billing.save',
  saved: 'billing.saved',
  savedText: 'billing.savedText',
  failed: 'billing.failed',
  failedText: 'billing.failedText',
  saving: 'profile.saving',
};
