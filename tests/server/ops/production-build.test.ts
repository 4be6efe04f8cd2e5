/**
 * The production build as an operator runs it: `npm run build:server` compiles the server, the
 * web app is built (the e2e suite's locked build, so parallel browser tests are not disturbed),
 * and the compiled server starts from a folder whose node_modules holds the production
 * dependencies only (those package-lock.json does not mark dev), the way `npm install --omit=dev`
 * leaves it; then /api/ready, a page and /metrics answer.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { builtinModules } from 'node:module';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ensureWebBuild, repoRoot } from '@tests/e2e/support/web-build';

const work = mkdtempSync(join(tmpdir(), 'prod-build-'));
let server: ChildProcess | null = null;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

interface Lock {
  packages: Record<string, { dev?: boolean }>;
}
const pkg = JSON.parse(
  readFileSync(join(repoRoot, 'package.json'), 'utf8'),
) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        resolve(typeof address === 'object' && address ? address.port : 0),
      );
    });
  });
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? jsFiles(path)
      : path.endsWith('.js')
        ? [path]
        : [];
  });
}

/** A node_modules of links to the installed packages that are not dev-only. */
function productionNodeModules(target: string): void {
  const lock = JSON.parse(
    readFileSync(join(repoRoot, 'package-lock.json'), 'utf8'),
  ) as Lock;
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (
      !path.startsWith('node_modules/') ||
      path.slice('node_modules/'.length).includes('/node_modules/') ||
      entry.dev
    )
      continue;
    const name = path.slice('node_modules/'.length);
    const installed = join(repoRoot, 'node_modules', name);
    if (!existsSync(installed)) continue; // optional binaries of other platforms
    mkdirSync(dirname(join(target, name)), { recursive: true });
    symlinkSync(installed, join(target, name), 'dir');
  }
}

it(
  'builds, and the compiled server runs on production dependencies only',
  { timeout: 240_000 },
  async () => {
    expect(pkg.scripts.build).toBe('npm run build:server && npm run build:web');
    expect(pkg.scripts['start:prod']).toContain(
      'node --enable-source-maps dist/server/main.js',
    );
    execFileSync('npm', ['run', '--silent', 'build:server'], {
      cwd: repoRoot,
      stdio: 'pipe',
    });
    ensureWebBuild();

    // Every package the compiled code imports is a production dependency (or part of Node).
    const builtins = new Set(builtinModules);
    const imported = new Set<string>();
    for (const file of jsFiles(join(repoRoot, 'dist'))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(
        /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\('([^']+)'\)/g,
      )) {
        if (!spec || spec.startsWith('.')) continue;
        imported.add(
          spec.startsWith('@')
            ? spec.split('/').slice(0, 2).join('/')
            : spec.split('/')[0]!,
        );
      }
      // Relative imports carry their .js extension, as Node's ESM loader needs.
      expect(readFileSync(file, 'utf8')).not.toMatch(
        /from '\.{1,2}\/[^']*(?<!\.js)'/,
      );
    }
    expect(imported).toContain('fastify');
    const missing = [...imported].filter(
      (name) =>
        !name.startsWith('node:') &&
        !builtins.has(name) &&
        !(name in pkg.dependencies),
    );
    expect(missing).toEqual([]);

    const app = join(work, 'app');
    cpSync(join(repoRoot, 'dist'), join(app, 'dist'), { recursive: true });
    cpSync(join(repoRoot, 'package.json'), join(app, 'package.json'));
    mkdirSync(join(app, 'web'), { recursive: true });
    symlinkSync(join(repoRoot, 'web', 'dist'), join(app, 'web', 'dist'), 'dir');
    productionNodeModules(join(app, 'node_modules'));
    expect(existsSync(join(app, 'node_modules', 'vite'))).toBe(false);
    expect(existsSync(join(app, 'node_modules', 'tsx'))).toBe(false);

    const port = await freePort();
    const token = 'prod-build-metrics-token';
    let output = '';
    server = spawn(
      process.execPath,
      ['--enable-source-maps', 'dist/server/main.js'],
      {
        cwd: app,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          // No Stripe keys here: simulated payments chosen on purpose, as production requires.
          SIMULATED_PAYMENTS: 'true',
          JWT_SECRET: 'prod-build-test-secret-0123456789abcdef',
          DATA_DIR: join(work, 'data'),
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          METRICS_TOKEN: token,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;

    let ready: Response | null = null;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      if (server.exitCode !== null)
        throw new Error(`server exited with ${server.exitCode}:\n${output}`);
      ready = await fetch(`${url}/api/ready`).catch(() => null);
      if (ready?.status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready?.status, output).toBe(200);
    expect(await ready!.json()).toMatchObject({ ready: true });

    const page = await fetch(`${url}/deals`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(html).toMatch(/<script type="module"[^>]+src="\/assets\//);
    // The route's screen is preloaded and the settings are inline (server/web/web-app.plugin.ts, ADR 0014).
    expect(html).toMatch(
      /<link rel="modulepreload"[^>]+href="\/assets\/deals-/,
    );
    expect(html).toContain(
      '<script type="application/json" id="public-settings">',
    );

    const metrics = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('escrow_store_up 1');

    const exited = new Promise<number | null>((resolve) =>
      server!.once('exit', (code) => resolve(code)),
    );
    server.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    server = null;
  },
);
