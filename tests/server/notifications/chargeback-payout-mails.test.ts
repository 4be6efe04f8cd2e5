import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimHeader,
  connectPayouts,
  createPaidRequest,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createRootAdmin,
  createTestApp,
  losePartOfCharge,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { reactorMails } from '@tests/server/notifications/reactor-mails';

/*
 * A payment request of which the card issuer took €100 back in a lost chargeback pays its creator
 * the €320 the escrow still holds: the creator's "payout sent" mail and the statement's mail say
 * €320, in the creator's language, not the €400 asked, and the brand's review mail says €320 is
 * released.
 */
let t: TestApp;
let admin = '';
const { react, mailsTo } = reactorMails(() => t);
beforeAll(async () => {
  t = await createTestApp();
  admin = await createRootAdmin(t);
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('a request paid out after a partial chargeback was lost', () => {
  it.each([
    ['en', 'Payout sent', 'Statement of your payout', '€320.00'],
    ['nl', 'Uitbetaling verstuurd', 'Overzicht van je uitbetaling', '€ 320,00'],
  ] as const)(
    'mails the creator (%s) what was paid out',
    async (language, sent, statement, paid) => {
      const creator = await registerUser(t.app);
      await t.app.inject({
        method: 'PUT',
        url: '/api/user/notification-preferences',
        headers: bearer(creator.token),
        payload: { push: false, email: true, language },
      });
      await connectPayouts(t.app, t.ctx, creator.token);
      const { id, token } = await createPaidRequest(
        t.app,
        t.ctx,
        creator.token,
      );
      const c = t.ctx.queries.requests.byId(id)!.context;
      await losePartOfCharge(t, c, 10_000);
      for (const [url, headers] of [
        [`/api/admin/payment-requests/${id}/release-hold`, bearer(admin)],
        [`/api/payment-requests/${id}/complete`, bearer(creator.token)],
        [`/api/payment-requests/approve/${token}`, claimHeader(token)],
      ] as const)
        expect((await post(url, headers)).statusCode).toBeLessThan(300);
      await t.ctx.quiesce();
      expect(t.ctx.queries.requests.byId(id)!.context.money).toMatchObject({
        transferredCents: 32_000,
      });

      await react();
      const mails = await mailsTo(creator.email);
      for (const subject of [sent, statement]) {
        const mail = mails.find((m) => m.subject === subject);
        expect(mail?.text?.replace(/\s/g, ' '), subject).toContain(paid);
      }
      // The brand, asked to review the work, is told what its approval (or the clock) releases.
      const review = (await mailsTo('marketing@acme.example')).filter((m) =>
        /Work delivered|Werk opgeleverd/.test(m.subject ?? ''),
      );
      expect(review.length).toBeGreaterThan(0);
      for (const mail of review)
        expect(mail.text?.replace(/\s/g, ' ')).toMatch(/€ ?320[.,]00/);
    },
  );
});
