import {
  chargebackHoldCode,
  chargebackReasonText,
} from '@machines/escrow/chargeback-reasons';
import { currentLanguage, t, type MessageKey } from '@/i18n';

/** The card issuer's reason for a chargeback in the reader's words (the stored code otherwise). */
export const chargebackReason = (reason: string): string =>
  chargebackReasonText(reason, currentLanguage());

/**
 * A hold's stored reason as a reader sees it: a chargeback's ("Chargeback: fraudulent") with the
 * label and the issuer's reason in the reader's language, any other as stored.
 */
export function holdReasonText(reason: string): string {
  const code = chargebackHoldCode(reason);
  return code === null
    ? reason
    : `${t('admin.holdSource.chargeback')}: ${chargebackReason(code)}`;
}

/**
 * A hold as the dispute page lists it: why it was held, said once. An admin's reason is a whole
 * sentence that already says an admin held it (the server words the stored review code in the
 * reader's language: "Held by an admin for manual review"), so the source's label would say it
 * twice; a chargeback's reason is the card issuer's code, which needs the label before it.
 */
export const holdText = (h: { source: string; reason: string }): string => {
  const label = t(`admin.holdSource.${h.source}` as MessageKey);
  if (!h.reason) return label;
  if (h.source === 'admin') return h.reason;
  return h.source === 'chargeback'
    ? `${label} — ${chargebackReason(chargebackHoldCode(h.reason) ?? h.reason)}`
    : `${label} — ${h.reason}`;
};
