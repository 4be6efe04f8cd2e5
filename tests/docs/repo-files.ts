import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..');

/** Folders that are built, installed or written at run time: never the subject of a doc. */
const generated = new Set([
  'node_modules',
  'dist',
  'data',
  'coverage',
  '.git',
  'screenshots',
]);

/** Every file and folder of the repository, as repository paths with `/` (folders end in `/`). */
export function repoPaths(): Set<string> {
  const paths = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (generated.has(entry.name) || entry.name.startsWith('.tmp')) continue;
      const path = join(dir, entry.name);
      const rel = relative(repoRoot, path).split(sep).join('/');
      if (entry.isDirectory()) {
        paths.add(`${rel}/`);
        walk(path);
      } else paths.add(rel);
    }
  };
  walk(repoRoot);
  return paths;
}

/** README.md and every Markdown file under docs/, as repository paths. */
export function docFiles(paths: Set<string>): string[] {
  return [...paths]
    .filter(
      (p) => p === 'README.md' || (p.startsWith('docs/') && p.endsWith('.md')),
    )
    .sort();
}

export const readRepoFile = (path: string): string =>
  readFileSync(join(repoRoot, path), 'utf8');

export const joinRepoPath = (from: string, target: string): string =>
  posix.normalize(posix.join(posix.dirname(from), target));
