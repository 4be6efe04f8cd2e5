import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..', '..');
export const webDist = join(repoRoot, 'web', 'dist');
export const webManifest = join(webDist, '.vite', 'manifest.json');
const buildInfo = join(webDist, '.vite', 'build-info.json');

/** The build was made for production: React's production bundle (its build-info says so). */
function isProductionBuild(): boolean {
  try {
    return (
      (JSON.parse(readFileSync(buildInfo, 'utf8')) as { nodeEnv?: string })
        .nodeEnv === 'production'
    );
  } catch {
    return false;
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(
      newest,
      entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs,
    );
  }
  return newest;
}

/**
 * True when web/dist is missing, was not built for production (an earlier `vite build` under
 * NODE_ENV=test or development left React's development bundle), or is older than any source it is
 * built from (web/, machines/, and tsconfig.json for its path aliases).
 */
export function webBuildIsStale(): boolean {
  if (!existsSync(webManifest) || !isProductionBuild()) return true;
  const built = statSync(webManifest).mtimeMs;
  const sources = [
    join(repoRoot, 'web', 'src'),
    join(repoRoot, 'web', 'public'),
    join(repoRoot, 'web', 'build'),
    join(repoRoot, 'machines'),
  ];
  const configs = [
    join(repoRoot, 'web', 'index.html'),
    join(repoRoot, 'web', 'vite.config.ts'),
    join(repoRoot, 'tsconfig.json'),
  ];
  return (
    sources.some((d) => existsSync(d) && newestMtime(d) > built) ||
    configs.some((f) => existsSync(f) && statSync(f).mtimeMs > built)
  );
}

const lockDir = join(repoRoot, 'web', '.build-lock');

/**
 * Builds the web app once if it is missing or stale. Test files run in parallel workers, so a
 * directory lock keeps two builds from writing web/dist at once. NODE_ENV is forced to production:
 * under vitest it is "test", which would make Vite ship React's development build.
 */
export function ensureWebBuild(): void {
  if (!webBuildIsStale()) return;
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      if (Date.now() > deadline)
        rmSync(lockDir, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    if (!webBuildIsStale()) return;
    execFileSync(
      'npx',
      ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      {
        cwd: repoRoot,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
