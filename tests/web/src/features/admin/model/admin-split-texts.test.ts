import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealSubject } from '@/features/admin/api/admin-split';
import { splitTexts } from '@/features/admin/model/admin-split';
import { loadTexts, setLanguage } from '@/i18n';
import { deliverPaidDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  adminDealOf,
  createTestApp,
  losePartOfCharge,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/*
 * The split dialog of a disputed deal of which a lost chargeback took €40 of the €108.20 paid says
 * what is split (the €68.20 the escrow still holds, not the €108.20 paid) and the largest creator's
 * part the server takes, in English and Dutch; a part one cent above it is refused.
 */
let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await createRootAdmin(t);
  await loadTexts(['admin']);
});
afterAll(() => t.close());

const adminDeal = (id: number) => adminDealOf(t, admin, id);
const preview = (id: number, cents: number) =>
  t.app.inject({
    url: `/api/admin/deals/${id}/split-preview?creatorCents=${cents}`,
    headers: bearer(admin),
  });
const plain = (text: string) => text.replace(/\s/g, ' ');

async function disputedDeal() {
  const brand = await registerUser(t.app);
  const { id } = await createDeal(t.app, brand.token, { amount: '100' });
  await deliverPaidDeal(t.app, t.ctx, brand.token, id);
  const disputed = await t.app.inject({
    method: 'POST',
    url: `/api/deals/${id}/dispute`,
    headers: bearer(brand.token),
    payload: { reason: 'Not what we agreed' },
  });
  expect(disputed.statusCode).toBe(200);
  return id;
}

describe('the split dialog’s words', () => {
  it('after a partial chargeback was lost, name what the escrow holds and the largest part taken', async () => {
    const id = await disputedDeal();
    await losePartOfCharge(t, t.ctx.queries.deals.byId(id)!.context, 4000);
    const subject = dealSubject(await adminDeal(id));

    await setLanguage('en', { persist: false });
    const en = splitTexts(subject);
    expect(plain(en.intro)).toContain('€68.20');
    expect(plain(en.intro)).not.toContain('€108.20');
    expect(plain(en.hint)).toContain('€63.03');
    await setLanguage('nl', { persist: false });
    const nl = splitTexts(subject);
    expect(plain(nl.intro)).toContain('€ 68,20');
    expect(plain(nl.hint)).toContain('€ 63,03');

    expect((await preview(id, 6_303)).statusCode).toBe(200);
    expect((await preview(id, 6_304)).json()).toMatchObject({
      code: 'split_above_escrow',
    });
  });

  it('without a chargeback, say what the brand paid', async () => {
    const id = await disputedDeal();
    await setLanguage('en', { persist: false });
    const en = splitTexts(dealSubject(await adminDeal(id)));
    expect(plain(en.intro)).toContain('€108.20');
    expect(plain(en.hint)).toContain('less than €100.00');
  });
});
