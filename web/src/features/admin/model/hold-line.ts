import { t, type MessageKey } from '@/i18n';

/**
 * A hold as the dispute page lists it: why it was held, said once. An admin's reason is a whole
 * sentence that already says an admin held it (the server words the stored review code in the
 * reader's language: "Held by an admin for manual review"), so the source's label would say it
 * twice; a chargeback's reason is the card issuer's code, which needs the label before it.
 */
export const holdText = (h: { source: string; reason: string }): string => {
  const label = t(`admin.holdSource.${h.source}` as MessageKey);
  if (!h.reason) return label;
  return h.source === 'admin' ? h.reason : `${label} — ${h.reason}`;
};
