import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWebBuild, repoRoot } from './web-build';

export interface RunningServer {
  url: string;
  /** The instance's own data folder (read models, mail folder); removed by `stop`. */
  dataDir: string;
  /** `kill -9`: the process dies at once, mid-request if need be. */
  kill: () => void;
  stop: () => Promise<void>;
}

export const ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(
  url: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/push/public-key`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start within 60 s:\n${output()}`);
}

export interface StartOptions {
  /** Runs with the server's environment (same DATA_DIR) before the server starts, e.g. the admin CLI. */
  beforeStart?: (env: Record<string, string>) => void;
}

/** Builds the web app if needed, then starts the real server on a free port with a temp data folder. */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  ensureWebBuild();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // Many browsers from one address register and write within minutes.
    RATE_LIMIT_AUTH_PER_IP: '100000',
    RATE_LIMIT_REGISTER_PER_IP: '100000',
    RATE_LIMIT_WRITES_PER_USER: '100000',
    RATE_LIMIT_COSTLY_PER_USER: '100000',
    // Every browser of a run streams from this one address.
    LIVE_MAX_PER_ADDRESS: '100000',
    RATE_LIMIT_REQUESTS_PER_CREATOR: '100000',
    RATE_LIMIT_REQUESTS_PER_RECIPIENT: '100000',
    ...extraEnv,
  };
  options.beforeStart?.(env);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // E2E_SERVER_LOG=1 echoes the server's output (for debugging a failing browser test).
  const echo = process.env.E2E_SERVER_LOG === '1';
  const collect = (d: Buffer) => {
    log += d.toString();
    if (echo) process.stderr.write(d);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  await waitUntilUp(url, child, () => log);
  let stopping = false;
  // A server that dies mid-test leaves only ERR_CONNECTION_REFUSED in the browser: show why.
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `\n[e2e] server exited unexpectedly (${code ?? signal}); its output:\n${log.slice(-8_000)}\n`,
      );
  });
  return {
    url,
    dataDir,
    kill: () => {
      stopping = true;
      child.kill('SIGKILL');
    },
    stop: async () => {
      stopping = true;
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON client for the running server's API: throws with the status and body on anything but 2xx. */
export function apiClient(server: Pick<RunningServer, 'url'>) {
  return async <T>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(
        `${method} ${path}: ${response.status} ${await response.text()}`,
      );
    return (await response.json()) as T;
  };
}

/** Submits a simulated gateway page (checkout or onboarding) as its form would; answers the HTTP status (303 when done). */
export async function submitSimulatedPage(
  server: Pick<RunningServer, 'url'>,
  url: string,
  body: string,
): Promise<number> {
  const response = await fetch(new URL(url, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  });
  return response.status;
}
