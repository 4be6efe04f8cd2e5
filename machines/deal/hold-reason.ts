/**
 * Why an admin put a deal on hold, as `DealPutOnHold`'s `reason` stores it: a code, not a sentence
 * in one language, worded where it shows in the reader's language (the admin's history and dispute
 * page, the dispute exports, a person's data export). Holds stored before the code carry its
 * English sentence, which reads the same.
 */
export const ADMIN_REVIEW_HOLD = 'admin_review';

const holdReasonTexts = {
  en: 'Held by an admin for manual review',
  nl: 'Vastgehouden door een beheerder voor handmatige controle',
} as const;

/** An admin's hold for manual review: the code, or the English sentence older holds were stored with. */
export const isAdminReviewHold = (reason: unknown): boolean =>
  reason === ADMIN_REVIEW_HOLD || reason === holdReasonTexts.en;

/** A hold's reason in `lang`: an admin's review in words, any other reason (a card issuer's) as given. */
export const holdReasonIn = (reason: string, lang: 'en' | 'nl'): string =>
  isAdminReviewHold(reason) ? holdReasonTexts[lang] : reason;
