import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..', '..');
export const webDist = join(repoRoot, 'web', 'dist');
export const webManifest = join(webDist, '.vite', 'manifest.json');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when web/dist is missing or older than any source it is built from (web/, machines/). */
export function webBuildIsStale(): boolean {
  if (!existsSync(webManifest)) return true;
  const built = statSync(webManifest).mtimeMs;
  const sources = [join(repoRoot, 'web', 'src'), join(repoRoot, 'web', 'public'), join(repoRoot, 'machines')];
  const configs = [join(repoRoot, 'web', 'index.html'), join(repoRoot, 'web', 'vite.config.ts')];
  return sources.some((d) => existsSync(d) && newestMtime(d) > built) || configs.some((f) => existsSync(f) && statSync(f).mtimeMs > built);
}

/** Builds the web app once if it is missing or stale. */
export function ensureWebBuild(): void {
  if (!webBuildIsStale()) return;
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
}
