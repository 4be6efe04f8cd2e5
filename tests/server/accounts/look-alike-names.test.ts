import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptLookAlikeKeys } from '@server/accounts/look-alike-keys';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import { nameKey } from '@server/commands/look-alike';
import {
  exactStreamId,
  uniqueStreamId,
  type UniqueKind,
} from '@server/commands/unique-values';
import { bearer, createTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
let adminToken = '';
const register = (
  username: string,
  email = `${randomUUID().slice(0, 8)}@example.com`,
  language = 'en',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'accept-language': language },
    payload: { username, email, password: 'secret123' },
  });
const login = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'secret123' },
  });
const TAKEN = 'Username is already taken, or one that looks the same';

beforeAll(async () => {
  t = await createTestApp();
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  await admins.bootstrap('admin', 'root-pass-1');
  await t.ctx.settle(await t.ctx.store.headPosition());
  adminToken = (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: 'admin', password: 'root-pass-1' },
    })
  ).json().token;
});
afterAll(() => t.close());

describe('look-alike usernames', () => {
  it('given vic0ba2e registered, then Cyrillic, full-width, accented, dotted and case variants are refused with 409 in English and Dutch', async () => {
    expect((await register('vic0ba2e')).statusCode).toBe(201);
    for (const name of [
      'vіc0ba2e',
      'ｖｉｃ０ｂａ２ｅ',
      'vic0ba2e.',
      'víc0ba2e',
      'VIC0BA2E',
      'vicoba2e',
      'vic_0ba2e',
      'vic 0ba2e',
    ]) {
      const res = await register(name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(409);
      expect(res.json().message).toBe(TAKEN);
    }
    expect((await register('vіc0ba2e', undefined, 'nl')).json().message).toBe(
      'Deze gebruikersnaam, of een die er hetzelfde uitziet, is al in gebruik.',
    );
  });

  it('given invisible characters anywhere in a name, then 400 says so', async () => {
    for (const name of [
      'vi\u200bc0ba2e',
      '\u200bfresh-name',
      'fresh\u2060name',
      'fresh\u00adname',
      'fresh\u3164name',
      'fresh\ufe0fname',
    ]) {
      const res = await register(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().message).toBe(
        'Username must not contain invisible characters',
      );
    }
    expect(
      (await register('fresh\u200bname', undefined, 'nl')).json().message,
    ).toMatch(/onzichtbare tekens/);
    expect((await register('evil\u202egnp')).json().message).toBe(
      'Username must not contain text-direction control characters',
    );
  });

  it('stores names NFKC-normalised: a full-width name is kept in plain letters', async () => {
    const res = await register('ｗｉｄｅ１２３');
    expect(res.statusCode).toBe(201);
    expect(res.json().user.username).toBe('wide123');
  });

  it('given a profile change, then a look-alike of someone else is refused and a respelling of one’s own name keeps it reserved', async () => {
    await register('sanne.creates');
    const me = await register('marloes');
    const token = me.json().token as string;
    const email = me.json().user.email as string;
    const put = (username: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: bearer(token),
        payload: { username, email },
      });
    expect((await put('sanne_creates')).statusCode).toBe(409);
    const respelled = await put('Marloes.');
    expect(respelled.statusCode, respelled.body).toBe(200);
    expect(respelled.json().username).toBe('Marloes.');
    expect((await register('marloes')).statusCode).toBe(409);
  });
});

describe('look-alike e-mail addresses and admin names', () => {
  it('given vic0@example.com, then local parts that look the same collide, other domains do not', async () => {
    expect((await register('mailer-one', 'vic0@example.com')).statusCode).toBe(
      201,
    );
    for (const email of [
      'vico@example.com',
      'VIC0@EXAMPLE.COM',
      'vic0@Example.Com',
    ]) {
      const res = await register(`mailer-${randomUUID().slice(0, 6)}`, email);
      expect(res.statusCode, email).toBe(409);
      expect(res.json().message).toBe(
        'Email is already registered, or one that looks the same',
      );
    }
    // Dots in a local part name another mailbox: they are kept.
    expect((await register('mailer-two', 'vi.c0@example.com')).statusCode).toBe(
      201,
    );
    expect(
      (await register('mailer-three', 'vic0@other.example')).statusCode,
    ).toBe(201);
  });

  it('given an admin name with an invisible character from the command line, then it is refused', async () => {
    const admins = createAdminAccounts({
      run: t.ctx.run,
      unique: t.ctx.unique,
      accounts: t.ctx.queries.accounts,
    });
    await expect(
      admins.create('ad\u200bmin', 'second-pass', 'auditor', {
        actor: { kind: 'system', id: 'cli' },
      }),
    ).rejects.toMatchObject({
      kind: 'validation_failed',
      message: 'Admin username must not contain invisible characters',
    });
  });

  it('given an admin named admin, then admin., ad_min and ADMIN cannot be created next to it', async () => {
    for (const username of ['admin.', 'ad_min', 'ADMIN', 'ad-min']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/accounts',
        headers: bearer(adminToken),
        payload: { username, password: 'second-pass', role: 'auditor' },
      });
      expect(res.statusCode, username).toBe(409);
      expect(res.json().message).toBe(
        'Admin username is already taken, or one that looks the same',
      );
    }
  });
});

describe('accounts from before look-alike keys', () => {
  /** Moves a reservation back to how it was stored before: the exact spelling's stream only. */
  async function makeLegacy(kind: UniqueKind, value: string, ownerId: string) {
    const metadata = {
      actor: { kind: 'system', id: 'test' },
      at: t.clock.now().toISOString(),
      correlationId: randomUUID(),
      causationId: null,
      schemaVersion: 1,
    };
    const keyStream = uniqueStreamId(kind, value);
    const revision = (await t.ctx.store.readStream(keyStream)).at(-1)!.revision;
    await t.ctx.store.append(
      keyStream,
      [
        {
          id: randomUUID(),
          type: 'ValueReleased',
          data: { kind, ownerId },
          metadata,
        },
      ],
      revision,
    );
    await t.ctx.store.append(
      exactStreamId(kind, value),
      [
        {
          id: randomUUID(),
          type: 'ValueReserved',
          data: { kind, ownerId },
          metadata,
        },
      ],
      'no_stream',
    );
  }

  it('given an account registered under the old rule, then it still signs in, its exact name stays taken, and once adopted its look-alikes are refused', async () => {
    const res = await register('Old.Timer', 'old.timer@example.com');
    const { id, email } = res.json().user as { id: string; email: string };
    await makeLegacy('username', 'Old.Timer', id);
    await makeLegacy('email', email, id);
    expect(nameKey('Old.Timer')).toBe(nameKey('oldtimer'));

    expect((await login(email)).statusCode).toBe(200);
    expect((await register('old.timer')).statusCode).toBe(409);
    expect(
      (await register('another', 'OLD.TIMER@example.com')).statusCode,
    ).toBe(409);

    expect(
      await adoptLookAlikeKeys({
        unique: t.ctx.unique,
        accounts: t.ctx.queries.accounts,
      }),
    ).toEqual({ clashes: 0 });
    expect((await register('oldtimer')).statusCode).toBe(409);
    expect((await register('0ld-timer')).statusCode).toBe(409);
    expect((await login(email)).statusCode).toBe(200);
    // Adoption is idempotent: a second start appends nothing.
    const head = await t.ctx.store.headPosition();
    await adoptLookAlikeKeys({
      unique: t.ctx.unique,
      accounts: t.ctx.queries.accounts,
    });
    expect(await t.ctx.store.headPosition()).toBe(head);
    // The admin named before still signs in by its name.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/admin-login',
          payload: { username: 'admin', password: 'root-pass-1' },
        })
      ).statusCode,
    ).toBe(200);
  });
});
