import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { t, type MessageKey } from '@/i18n';
import { formatDate } from '@/lib/dates';
import { SUPPORT_EMAIL } from '@/lib/support';

/** When these terms last changed: update it with any change to the terms' texts. */
export const TERMS_UPDATED = '2026-11-27';

const sections = [1, 2, 3, 4, 5, 6, 7, 8] as const;
// Fees and periods come from the server's settings (filled in by t), so the terms never disagree
// with what is charged and when money moves.
const vars = { supportEmail: SUPPORT_EMAIL };

export function TermsModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('profile.terms')}
      description={t('terms.lastUpdated', { date: formatDate(TERMS_UPDATED) })}
    >
      <div className="space-y-3 text-sm">
        {sections.map((n) => (
          <section key={n}>
            <h3 className="font-semibold">
              {t(`terms.s${n}.title` as MessageKey)}
            </h3>
            <p className="text-slate-600">
              {t(`terms.s${n}.text` as MessageKey, vars)}
            </p>
          </section>
        ))}
        <Button block onClick={onClose}>
          {t('share.close')}
        </Button>
      </div>
    </Modal>
  );
}
