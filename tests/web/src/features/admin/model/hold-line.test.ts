import { describe, expect, it } from 'vitest';
import { holdReasonText, holdText } from '@/features/admin/model/hold-line';
import { loadTexts, setLanguage } from '@/i18n';

/**
 * A hold on the admin's dispute page says who held the deal and why once: an admin's hold for
 * manual review (its reason already worded by the server in the reader's language) is not led by
 * "Held by an admin" again; a chargeback's hold keeps its label before the issuer's reason, in
 * the reader's words.
 */
const review = {
  en: 'Held by an admin for manual review',
  nl: 'Vastgehouden door een beheerder voor handmatige controle',
};

describe('holdText', () => {
  for (const lang of ['en', 'nl'] as const)
    it(`says an admin's hold for review once in ${lang}, a chargeback's with its label`, async () => {
      await setLanguage(lang, { persist: false });
      await loadTexts(['admin']);
      expect(holdText({ source: 'admin', reason: review[lang] })).toBe(
        review[lang],
      );
      expect(holdText({ source: 'admin', reason: '' })).toBe(
        lang === 'en' ? 'Held by an admin' : 'Vastgehouden door een beheerder',
      );
      expect(holdText({ source: 'chargeback', reason: 'fraudulent' })).toBe(
        lang === 'en' ? 'Chargeback — fraudulent' : 'Terugboeking — frauduleus',
      );
      // The stored hold reason of a chargeback, and a reason the issuer's list does not know.
      expect(holdReasonText('Chargeback: product_not_received')).toBe(
        lang === 'en'
          ? 'Chargeback: product not received'
          : 'Terugboeking: product niet ontvangen',
      );
      expect(holdReasonText('Chargeback: some_new_code')).toBe(
        lang === 'en'
          ? 'Chargeback: some_new_code'
          : 'Terugboeking: some_new_code',
      );
      expect(holdReasonText('Off brief')).toBe('Off brief');
    });
});
