import { referenceIn } from '@machines/contract/money-api';
import { currentLanguage } from '@/i18n';

/**
 * A gateway reference as an admin reads it: the id, or "Gateway reference hidden" in the reader's
 * language where the server withholds a payment id (its REDACTED placeholder, never shown as is;
 * the dispute exports word it the same way). `shown` words a reference that is there (the ledger's
 * "Gateway reference: …").
 */
export const referenceText = (
  reference: string,
  shown: (reference: string) => string = (r) => r,
): string => {
  const read = referenceIn(reference, currentLanguage());
  return read === reference ? shown(reference) : read;
};
