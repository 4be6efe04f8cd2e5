import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..', '..');
// Folders of tests that test no one source folder: browser walks, benches, shared fixtures, reporters.
const outsideTheTree = [
  'tests/e2e',
  'tests/bench',
  'tests/fixtures',
  'tests/support',
  'tests/reporters',
];

function testFolders(dir: string): string[] {
  const rel = dir.slice(repo.length + 1);
  if (outsideTheTree.some((o) => rel === o || rel.startsWith(`${o}/`)))
    return [];
  const entries = readdirSync(dir);
  const here = entries.some((e) => /\.test\.tsx?$/.test(e)) ? [rel] : [];
  const below = entries.filter((e) => statSync(join(dir, e)).isDirectory());
  return [...here, ...below.flatMap((e) => testFolders(join(dir, e)))];
}

/** A test sits where the code it tests sits: tests/server/deals tests server/deals, and so on. */
describe('the test tree mirrors the source tree', () => {
  it('every folder of non-browser tests has a source folder of the same path', () => {
    const orphans = testFolders(join(repo, 'tests')).filter((folder) => {
      const source = join(repo, folder.replace(/^tests\//, ''));
      try {
        return !statSync(source).isDirectory();
      } catch {
        return true;
      }
    });
    expect(orphans).toEqual([]);
  });
});
