import { afterAll, describe, expect, it } from 'vitest';
import { recipientSubject } from '@server/notifications/notification-plan';
import { payDeal } from '@tests/support/flow-helpers';
import {
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/*
 * A notification claim names its recipient (an account, a link, an address). That is the
 * recipient's personal data, so the claim is sealed under the recipient's keys, not the
 * platform's: erasing the person (or their fiscal retention) reaches it too.
 */
describe('whose keys seal a notification claim', () => {
  const alerts = ['Ops@Escrow.test'];

  it('is the account, the link holder, or the link party of the deal or request mailed about', () => {
    const user = { kind: 'user', userId: 'u_7' } as const;
    expect(recipientSubject(user, 'deal-3', alerts)).toBe('user-u_7');
    expect(recipientSubject({ kind: 'deal-link', dealId: 3 }, 'x', [])).toBe(
      'deal-link-3',
    );
    const brand = { kind: 'address', email: 'brand@shop.test' } as const;
    expect(recipientSubject(brand, 'payment-request-12', alerts)).toBe(
      'payment-request-link-12',
    );
    expect(recipientSubject(brand, 'deal-4', alerts)).toBe('deal-link-4');
  });

  it('leaves the admins’ alerts (devices and alert addresses) under the platform key', () => {
    const ops = { kind: 'address', email: ' ops@escrow.TEST' } as const;
    expect(recipientSubject(ops, 'deal-4', alerts)).toBeUndefined();
    expect(recipientSubject({ kind: 'admins' }, 'deal-4', alerts)).toBe(
      undefined,
    );
    const stranger = { kind: 'address', email: 'a@b.test' } as const;
    expect(recipientSubject(stranger, 'reconciliation', alerts)).toBe(
      undefined,
    );
  });

  describe('on a paid deal', () => {
    let t: TestApp;
    afterAll(() => t.close());

    it('stamps each claim of the brand with the brand’s subject', async () => {
      t = await createTestApp();
      const brand = await registerUser(t.app);
      const { id } = await createDeal(t.app, brand.token, { title: 'Keys' });
      await payDeal(t.app, t.ctx, brand.token, id);
      for (const event of await t.ctx.store.readAll())
        await t.ctx.notifications.reactor.handle(event);
      const claims = (await t.ctx.store.readAll()).filter(
        (e) => e.type === 'NotificationSent',
      );
      const brandClaims = claims.filter(
        (e) =>
          (e.data as { recipient: string }).recipient ===
          `user:${brand.userId}`,
      );
      expect(brandClaims.length).toBeGreaterThan(0);
      for (const claim of brandClaims)
        expect(claim.metadata).toMatchObject({
          subject: `user-${brand.userId}`,
        });
    });
  });
});
