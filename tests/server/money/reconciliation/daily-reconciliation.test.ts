import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSimulated } from '@server/money/gateway/create-gateway';
import { reconciliationStreamId } from '@server/money/reconciliation/daily-reconciliation';
import { createTestApp, type TestApp } from '@tests/support/test-app';

/** The daily run: once a day from the configured hour, one recorded result, and an admin email when it found a mismatch. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_ALERT_EMAILS: 'ops@escrow.test',
    RECONCILIATION_HOUR_UTC: '10',
  });
});
afterAll(() => t.close());

describe('daily reconciliation', () => {
  it('given money moved at the gateway by hand, when the day is due, then one ReconciliationCompleted names the mismatch and the admins get an email', async () => {
    const gateway = t.ctx.payments.gateway;
    if (!isSimulated(gateway))
      throw new Error('tests run on the simulated gateway');
    const daily = t.ctx.payments.reconciliation;
    // 09:00 UTC: before the configured hour nothing runs.
    expect(await daily.tick()).toBe(false);
    const account = gateway.ledger.openAccount({
      reference: 'x',
      email: null,
      idempotencyKey: 'acct-by-hand',
    });
    gateway.ledger.enablePayouts(account.id);
    await gateway.transfer({
      amountCents: 700,
      destinationAccountId: account.id,
      transferGroup: 'manual',
      sourceTransaction: null,
      idempotencyKey: 'by-hand',
      metadata: {},
    });

    t.clock.advance(60 * 60_000);
    // Two instances tick at once: one result is recorded.
    const ran = await Promise.all([daily.tick(), daily.tick()]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(await daily.tick()).toBe(false);
    const [recorded, ...more] = await t.ctx.store.readStream(
      reconciliationStreamId('2026-03-02'),
    );
    expect(more).toEqual([]);
    expect(recorded).toMatchObject({
      type: 'ReconciliationCompleted',
      data: {
        gateway: 'simulated',
        mismatches: 1,
        byProblem: {
          missing_in_ledger: 1,
          missing_at_gateway: 0,
          amount_differs: 0,
          intent_without_outcome: 0,
        },
      },
    });

    // The notifications reactor turns it into the admins' email.
    await t.ctx.notifications.reactor.handle(recorded!);
    const mailDir = join(t.dataDir, 'mail');
    const mails = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    expect(mails).toHaveLength(1);
    const mail = readFileSync(join(mailDir, mails[0]!), 'utf8');
    expect(mail).toContain('ops@escrow.test');
    expect(mail).toContain('Reconciliation found a mismatch');
  });
});
