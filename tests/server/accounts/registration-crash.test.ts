import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createAppContext } from '@server/app-context';
import { loadConfig } from '@server/config';

/** A crash mid-registration must not keep an address reserved for ever. */
const dir = mkdtempSync(join(tmpdir(), 'register-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = fileURLToPath(
  new URL('./fixtures/register-burst.fixture.ts', import.meta.url),
);
const COUNT = 20;

/** Runs the burst and SIGKILLs the process as soon as the first registration is answered. */
function burstUntilKilled(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fixture, dataDir, String(COUNT)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (/^201 /m.test(output)) child.kill('SIGKILL');
    });
    child.stderr
      .setEncoding('utf8')
      .on('data', (chunk: string) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL'
        ? resolve()
        : reject(new Error(`fixture exited on its own: ${errors}`)),
    );
  });
}

it(
  'given a server killed mid-burst of registrations, then after the grace period every address can register or log in',
  { timeout: 90_000 },
  async () => {
    await burstUntilKilled(dir);

    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      JWT_SECRET: 'crash-secret-crash-secret-crash-secret',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_REGISTER_PER_IP: '100000',
      RATE_LIMIT_AUTH_PER_IP: '100000',
      RESERVATION_RECLAIM_AFTER_MS: '1000',
    });
    const ctx = await createAppContext(config, { startReactors: false });
    const app = await buildApp(ctx);
    try {
      await ctx.settle(await ctx.store.headPosition());
      // The crash did leave reservations without an account (what used to lock the address for ever).
      const registered = new Set(
        (await ctx.store.readAll())
          .filter((e) => e.type === 'UserRegistered')
          .map((e) => (e.data as { email: string }).email),
      );
      expect(registered.size).toBeLessThan(COUNT);
      const orphans = [];
      for (let i = 0; i < COUNT; i++) {
        if (
          !registered.has(`burst${i}@example.com`) &&
          (await ctx.unique.ownerOf('email', `burst${i}@example.com`))
        )
          orphans.push(i);
      }
      expect(orphans.length).toBeGreaterThan(0);

      await new Promise((r) => setTimeout(r, 1_100));
      for (let i = 0; i < COUNT; i++) {
        const email = `burst${i}@example.com`;
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'secret123' },
        });
        if (registered.has(email)) {
          expect(login.statusCode, email).toBe(200);
          continue;
        }
        expect(login.statusCode, email).toBe(401);
        const again = await app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { username: `burst${i}`, email, password: 'secret123' },
        });
        expect(again.statusCode, `${email}: ${again.body}`).toBe(201);
        const after = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'secret123' },
        });
        expect(after.statusCode, email).toBe(200);
      }
      // A live reservation is not taken: registering an existing address is still a 409.
      const taken = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username: 'someoneelse',
          email: 'burst0@example.com',
          password: 'secret123',
        },
      });
      expect(taken.statusCode).toBe(409);
    } finally {
      await app.close();
      await ctx.close();
    }
  },
);
