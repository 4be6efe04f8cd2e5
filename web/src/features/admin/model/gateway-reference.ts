import { REDACTED } from '@machines/contract/money-api';
import { t } from '@/i18n';

/**
 * A gateway reference as an admin reads it: the id, or "Gateway reference hidden" in the reader's
 * language where the server withholds a payment id (its REDACTED placeholder, never shown as is).
 * `shown` words a reference that is there (the ledger's "Gateway reference: …").
 */
export const referenceText = (
  reference: string,
  shown: (reference: string) => string = (r) => r,
): string =>
  reference === REDACTED ? t('admin.referenceHidden') : shown(reference);
