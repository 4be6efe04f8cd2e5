import { describe, expect, it } from 'vitest';
import { docReferences, referenceExists } from './doc-references';
import { docFiles, readRepoFile, repoPaths } from './repo-files';

describe('README.md and docs/ name only paths that exist', () => {
  const paths = repoPaths();
  const docs = docFiles(paths);

  it('reads README.md and every page under docs/', () => {
    expect(docs).toContain('README.md');
    expect(docs).toContain('docs/architecture.md');
    expect(
      docs.filter((d) => d.startsWith('docs/adr/')).length,
    ).toBeGreaterThan(0);
  });

  it('every backticked path, file name, tree-drawing path and relative link names a file or folder of the repository', () => {
    const missing = docs.flatMap((doc) =>
      docReferences(readRepoFile(doc))
        .filter((ref) => !referenceExists(ref, doc, paths))
        .map((ref) => `${doc}:${ref.line} ${ref.text}`),
    );
    expect(missing).toEqual([]);
  });

  it('finds the paths of a page, and flags the one that does not exist', () => {
    const page = [
      'The decider is `machines/deal/deal.commands.ts`; the folds are `*.context.ts` and `evolve*Context`.',
      'Routes live in `server/routes/deals.ts`; see [the ADRs](adr/0013-notifications-claim-before-send.md) and `/api/deals/:id`.',
      '```',
      'server/',
      '  deals/        server/deals',
      'web ──▶ server/routes ──▶ machines',
      '```',
    ].join('\n');
    const refs = docReferences(page);
    expect(refs.map((r) => r.text)).toEqual([
      'server/',
      'server/deals',
      'server/routes',
      'machines/deal/deal.commands.ts',
      '*.context.ts',
      'server/routes/deals.ts',
      'adr/0013-notifications-claim-before-send.md',
    ]);
    expect(
      refs
        .filter((ref) => !referenceExists(ref, 'docs/architecture.md', paths))
        .map((r) => `${r.line} ${r.text}`),
    ).toEqual(['6 server/routes', '2 server/routes/deals.ts']);
  });
});
