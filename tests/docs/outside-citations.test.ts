import { describe, expect, it } from 'vitest';
import { commentsOf } from './source-comments';
import { docFiles, readRepoFile, repoPaths } from './repo-files';

/**
 * What a reader of the repository cannot open: issue numbers (the tracker is not in the
 * repository), the design notes and the product spec kept beside it. Say the reason instead;
 * the product rules in the repository are docs/product.md.
 */
const outsideCitations: { name: string; pattern: RegExp }[] = [
  { name: 'an issue number', pattern: /\bissues?\s+#?\d+/i },
  { name: 'the design notes', pattern: /\bDESIGN(?:\.md)?\s*§|\bDESIGN\.md\b/ },
  {
    name: 'a path outside the repository',
    pattern: /(?:\.\.\/)+shared\b|\/work\/shared|product-spec/,
  },
  {
    name: "the spec's sections (the repository's own are docs/product.md §N)",
    pattern: /(?<!product\.md )\bspec\s*§/i,
  },
];

const citationsIn = (text: string): string[] =>
  outsideCitations
    .filter(({ pattern }) => pattern.test(text))
    .map(({ name }) => name);

const codeFolders = [
  'machines/',
  'server/',
  'projections/',
  'web/src/',
  'web/build/',
  'tests/',
];
const isCode = (path: string): boolean =>
  /\.(ts|tsx|js|cjs|mjs)$/.test(path) &&
  (codeFolders.some((folder) => path.startsWith(folder)) ||
    !path.includes('/'));

describe('docs and code comments cite nothing outside the repository', () => {
  const paths = repoPaths();

  it('README.md and docs/ name no issue number, design note or outside document', () => {
    const found = docFiles(paths).flatMap((doc) =>
      readRepoFile(doc)
        .split('\n')
        .flatMap((line, i) =>
          citationsIn(line).map(
            (name) => `${doc}:${i + 1} cites ${name}: ${line.trim()}`,
          ),
        ),
    );
    expect(found).toEqual([]);
  });

  it('no comment in machines/, server/, projections/, web/, tests/ or the root configs does', () => {
    const files = [...paths].filter(isCode);
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) => {
      const source = readRepoFile(file);
      // Parsing every file is slow; one that cites nothing anywhere has no comment that does.
      if (citationsIn(source).length === 0) return [];
      return commentsOf(file, source).flatMap((comment) =>
        citationsIn(comment.text).map(
          (name) =>
            `${file}:${comment.line} cites ${name}: ${comment.text.split('\n')[0]!.trim()}`,
        ),
      );
    });
    expect(found).toEqual([]);
  });

  it('tells a citation from a reason, and finds comments anywhere in a file', () => {
    expect(citationsIn('Regressions of issue 8 through HTTP')).toEqual([
      'an issue number',
    ]);
    expect(
      citationsIn('only whoever claimed the deal (row 16 of Issue 9)'),
    ).toEqual(['an issue number']);
    expect(citationsIn('the machines are pure (DESIGN §3)')).toEqual([
      'the design notes',
    ]);
    expect(citationsIn('see ../shared/spec/product-spec.md')).toEqual([
      'a path outside the repository',
    ]);
    expect(citationsIn('deliverable options (spec §2)')).toEqual([
      "the spec's sections (the repository's own are docs/product.md §N)",
    ]);
    expect(
      citationsIn(
        'the deliverable options of docs/product.md §2; imports ../shared/clock in code are not comments',
      ),
    ).toEqual(['a path outside the repository']);
    expect(
      citationsIn(
        'the deliverable options of docs/product.md §2, 3 issues at most',
      ),
    ).toEqual([]);

    const source = [
      "import { clock } from '../shared/clock';",
      '/** Leading (issue 9). */',
      'export function f(): string {',
      "  const s = 'issue 12 in a string is not a comment';",
      '  return s; // trailing DESIGN §3',
      '}',
      'export const view = <div>{/* JSX comment, issue 4 */}</div>;',
    ].join('\n');
    const comments = commentsOf('x.tsx', source);
    expect(comments.map((c) => [c.line, citationsIn(c.text)])).toEqual([
      [2, ['an issue number']],
      [5, ['the design notes']],
      [7, ['an issue number']],
    ]);
  });
});
