import { describe, expect, it } from 'vitest';
import { dealActions } from '@machines/deal/deal.view';
import { enAdmin } from '@/i18n/en-admin';
import { nlAdmin } from '@/i18n/nl-admin';

/*
 * The history replay lists what the statechart allowed at each step ("Allowed then") in the
 * admin's words: every action a deal can allow has them in English and Dutch, so no raw key such
 * as `admin.action.requestChanges` shows (a delivered deal a chargeback put on hold allows it).
 */
describe('the replay’s allowed actions', () => {
  it.each(dealActions)('%s has words in English and Dutch', (action) => {
    const key = `admin.action.${action}`;
    expect(enAdmin).toHaveProperty([key]);
    expect(nlAdmin).toHaveProperty([key]);
  });
});
