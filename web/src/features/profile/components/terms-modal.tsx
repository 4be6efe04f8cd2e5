import { feePercent } from '../../../../../machines/money';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { t } from '../../../i18n';

// Fee figures come from machines/money so the terms never disagree with what is charged.
const sections: [string, string][] = [
  ['1. Definitions', 'The "platform" is Escrow Deals. A "brand" creates and pays deals; a "creator" delivers content and receives the payout.'],
  ['2. Escrow Service', 'Payments are held in escrow until the creator delivers. The brand has 48 hours after delivery to approve or dispute; without action the funds are released automatically. A dispute holds the payment for up to 72 hours.'],
  ['3. Fees', `Brands pay a platform fee of ${feePercent('deal')}% on top of the creator amount for deals; payment requests carry a ${feePercent('payment_request')}% fee. Creators receive the full agreed amount.`],
  ['4. Liability', 'The platform mediates disputes but is not a party to the collaboration and is not liable for the content delivered.'],
  ['5. User Responsibility', 'Users provide accurate information and comply with applicable law and platform rules.'],
  ['6. Payouts', 'Payouts arrive within 1-2 business days after approval (typically 2-5 business days depending on the bank).'],
  ['7. Changes', 'We may update these terms; the latest version is always shown here.'],
  ['8. Contact', 'Questions? Email support@escrowdeals.example.'],
];

export function TermsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={t('profile.terms')} description="Last updated: [date]">
      <div className="space-y-3 text-sm">
        {sections.map(([title, text]) => (
          <section key={title}>
            <h3 className="font-semibold">{title}</h3>
            <p className="text-slate-600">{text}</p>
          </section>
        ))}
        <Button block onClick={onClose}>
          {t('share.close')}
        </Button>
      </div>
    </Modal>
  );
}
