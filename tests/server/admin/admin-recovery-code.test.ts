import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import type { RecordedEvent } from '@server/event-store/event-store';
import { createTestApp, type TestApp } from '@tests/support/test-app';

/*
 * Admins keep a way in. A one-time recovery code from `npm run admin --
 * recovery-code <username>` signs an admin in past the sign-in throttles (a refused address, an
 * account slowed down), once; it is kept only as a hash, and issuing and spending it are events
 * with their actors.
 */

const THROTTLES = {
  LOGIN_MAX_FAILURES: '5',
  LOGIN_MAX_ACCOUNT_FAILURES: '20',
  LOGIN_DELAY_BASE_MS: '1500',
  LOGIN_DELAY_MAX_MS: '1500',
};
const PASSWORD = 'root-pass-1';
const sha256 = (text: string) =>
  createHash('sha256').update(text).digest('hex');

/** The CLI, as an operator runs it on the data folder. */
const cli = (dataDir: string, args: string[], input = '') =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/cli/admin.ts', ...args],
    {
      cwd: process.cwd(),
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ADMIN_USERNAME: '',
      },
      input,
      encoding: 'utf8',
      timeout: 90_000,
    },
  );

let dataDir = '';
let t: TestApp;
let code = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'escrow-recovery-'));
  const created = cli(dataDir, ['create', 'root'], `${PASSWORD}\n`);
  expect(created.status, created.stderr).toBe(0);
  const issued = cli(dataDir, ['recovery-code', 'root']);
  expect(issued.status, issued.stderr).toBe(0);
  code = /\b([A-Z2-7]{4}(?:-[A-Z2-7]{4}){7})\b/.exec(issued.stdout)?.[1] ?? '';
  expect(code, issued.stdout).not.toBe('');
  t = await createTestApp({ ...THROTTLES, DATA_DIR: dataDir });
  await t.ctx.settle(await t.ctx.store.headPosition());
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const adminLogin = (payload: object, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/admin-login',
    remoteAddress,
    payload,
  });
const adminEvents = async (): Promise<RecordedEvent[]> =>
  (await t.ctx.store.readAll()).filter((e) => e.streamId.startsWith('admin-'));

describe('admin recovery code', () => {
  it('is issued by the CLI, recorded with its actor and kept only as a hash', async () => {
    const [issued] = (await adminEvents()).filter(
      (e) => e.type === 'AdminRecoveryCodeIssued',
    );
    expect(issued!.data).toEqual({ codeHash: sha256(code.replace(/-/g, '')) });
    expect(
      (issued!.metadata as { actor: { kind: string; id: string } }).actor,
    ).toMatchObject({
      kind: 'system',
      id: expect.stringMatching(/^cli:/),
    });
    const everything = JSON.stringify(await t.ctx.store.readAll());
    expect(everything).not.toContain(code);
    expect(everything).not.toContain(code.replace(/-/g, ''));
  });

  it('given an address refused for the admin account, when the admin gives the code with the password from it, then 200 and the code is spent; a second use is refused', async () => {
    const shared = '127.0.0.7';
    for (let i = 0; i < 5; i++)
      expect(
        (await adminLogin({ username: 'root', password: 'guess' }, shared))
          .statusCode,
      ).toBe(401);
    expect(
      (await adminLogin({ username: 'root', password: PASSWORD }, shared))
        .statusCode,
    ).toBe(429);
    // A made-up code gets no further than no code.
    const madeUp = await adminLogin(
      {
        username: 'root',
        password: PASSWORD,
        recoveryCode: 'AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG-2345',
      },
      shared,
    );
    expect(madeUp.statusCode).toBe(429);

    const head = await t.ctx.store.headPosition();
    const recovered = await adminLogin(
      {
        username: ' ROOT ',
        password: PASSWORD,
        recoveryCode: code.toLowerCase(),
      },
      shared,
    );
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json()).toMatchObject({
      admin: { username: 'root', role: 'admin' },
    });
    const after = (await t.ctx.store.readAll({ after: head })).filter((e) =>
      e.streamId.startsWith('admin-'),
    );
    expect(after.map((e) => [e.type, e.data])).toEqual([
      ['AdminRecoveryCodeUsed', { signedIn: true }],
      ['AdminLoggedIn', {}],
    ]);
    expect((after[0]!.metadata as { actor: { kind: string } }).actor.kind).toBe(
      'admin',
    );

    const again = await adminLogin(
      { username: 'root', password: PASSWORD, recoveryCode: code },
      shared,
    );
    expect(again.statusCode).toBe(429);
  });

  it('given an account slowed down by failures from everywhere, then a new code signs in without the wait; a wrong password spends it', async () => {
    // The previous test spent 5 of the account's 20; 15 more from three other addresses.
    for (const address of ['127.0.1.2', '127.0.1.3', '127.0.1.4'])
      for (let i = 0; i < 5; i++)
        expect(
          (await adminLogin({ username: 'root', password: 'x' }, address))
            .statusCode,
        ).toBe(401);
    const admins = createAdminAccounts({
      run: t.ctx.run,
      unique: t.ctx.unique,
      accounts: t.ctx.queries.accounts,
    });
    const issue = async () => {
      const issued = await admins.issueRecoveryCode('root', {
        actor: { kind: 'system', id: 'cli:test' },
      });
      await t.ctx.settle(issued.position);
      return issued.code;
    };

    const fresh = await issue();
    const started = Date.now();
    const recovered = await adminLogin(
      { username: 'root', password: PASSWORD, recoveryCode: fresh },
      '127.0.1.9',
    );
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_400);

    const spent = await issue();
    const wrong = await adminLogin(
      { username: 'root', password: 'still-wrong', recoveryCode: spent },
      '127.0.1.10',
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
    const [used] = (await adminEvents()).filter(
      (e) =>
        e.type === 'AdminRecoveryCodeUsed' &&
        (e.data as { signedIn: boolean }).signedIn === false,
    );
    expect((used!.metadata as { actor: { id: string } }).actor.id).toBe(
      'admin-login',
    );
    // A spent code is a wrong credential, and the account's wait applies to it again.
    const late = Date.now();
    const afterSpent = await adminLogin(
      { username: 'root', password: PASSWORD, recoveryCode: spent },
      '127.0.1.11',
    );
    expect(afterSpent.statusCode).toBe(401);
    expect(Date.now() - late).toBeGreaterThanOrEqual(1_400);
    // Without a code the right password still gets in, after the wait (never a lock-out).
    expect(
      (await adminLogin({ username: 'root', password: PASSWORD }, '127.0.1.12'))
        .statusCode,
    ).toBe(200);
  }, 60_000);

  it('refuses a code that is not text, or too long, with 400 {code, message}', async () => {
    const bad = await adminLogin(
      { username: 'root', password: PASSWORD, recoveryCode: 7 },
      '127.0.2.1',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
    });
    const long = await adminLogin(
      { username: 'root', password: PASSWORD, recoveryCode: 'A'.repeat(101) },
      '127.0.2.1',
    );
    expect(long.statusCode).toBe(400);
  });

  it('the CLI names its usage, and refuses an unknown admin', () => {
    const unknown = cli(dataDir, ['recovery-code', 'nobody']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Admin account not found');
    const usage = cli(dataDir, ['recovery-code']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('npm run admin -- recovery-code <username>');
  });
});
