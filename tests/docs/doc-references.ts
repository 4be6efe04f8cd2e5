import { joinRepoPath } from './repo-files';

/** The repository's top-level folders a doc may name. */
const topFolders = [
  'machines',
  'server',
  'projections',
  'web',
  'tests',
  'docs',
];
/** File kinds the repository holds; a bare `name.ext` in backticks is taken for a file name. */
const fileExtensions = [
  'ts',
  'tsx',
  'js',
  'cjs',
  'mjs',
  'json',
  'jsonc',
  'md',
  'css',
  'html',
  'yml',
  'yaml',
  'webmanifest',
  'svg',
  'example',
];

const pathPattern = new RegExp(
  `(?<![\\w./:@~-])((?:${topFolders.join('|')})/[\\w.*/<>:-]*)`,
  'g',
);
const fileNamePattern = new RegExp(
  `^\\.?[\\w*.-]+\\.(?:${fileExtensions.join('|')})$`,
);

export interface DocReference {
  /** The path as written (repository path, path relative to the doc, or a bare file name). */
  text: string;
  line: number;
  kind: 'path' | 'file-name' | 'link';
}

const lineOf = (text: string, index: number): number =>
  text.slice(0, index).split('\n').length;

/**
 * The repository paths a Markdown document names: backticked `machines/…`-style paths and file
 * names, the same paths in code blocks (tree drawings), and relative links. URL paths (`/api/…`),
 * placeholders (`<id>`) and globs are handled by the caller.
 */
export function docReferences(markdown: string): DocReference[] {
  const refs: DocReference[] = [];
  for (const block of markdown.matchAll(/```[^\n]*\n([\s\S]*?)```/g)) {
    const start = block.index + block[0].indexOf('\n') + 1;
    for (const m of block[1]!.matchAll(pathPattern))
      refs.push({
        text: m[1]!,
        line: lineOf(markdown, start + m.index),
        kind: 'path',
      });
  }
  const prose = markdown.replace(/```[^\n]*\n[\s\S]*?```/g, (block) =>
    block.replace(/[^\n]/g, ' '),
  );
  for (const code of prose.matchAll(/`([^`\n]+)`/g)) {
    const text = code[1]!.trim();
    const line = lineOf(prose, code.index);
    if (new RegExp(`^${pathPattern.source}$`).test(text))
      refs.push({ text, line, kind: 'path' });
    else if (fileNamePattern.test(text))
      refs.push({ text, line, kind: 'file-name' });
  }
  for (const link of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = link[1]!.split('#')[0]!;
    if (target && !/^[a-z]+:/i.test(target) && !target.startsWith('/'))
      refs.push({
        text: target,
        line: lineOf(prose, link.index),
        kind: 'link',
      });
  }
  return refs;
}

/** What the build or the app writes (repoPaths leaves them out): a doc may name them before they exist. */
const builtPaths = ['web/dist', 'dist', 'data'];

/** True when the reference names something in `paths` (see repoPaths), read from the document `doc`. */
export function referenceExists(
  ref: DocReference,
  doc: string,
  paths: Set<string>,
): boolean {
  const text = ref.text.replace(/[.,:;)]+$/, '');
  if (
    builtPaths.some((built) => text === built || text.startsWith(`${built}/`))
  )
    return true;
  if (ref.kind === 'link') {
    const target = joinRepoPath(doc, text);
    return paths.has(target) || paths.has(`${target}/`);
  }
  const pattern = globToRegExp(text.replace(/\/$/, ''));
  if (ref.kind === 'path')
    return [...paths].some((p) => pattern.test(p.replace(/\/$/, '')));
  return [...paths].some((p) =>
    pattern.test(p.replace(/\/$/, '').split('/').pop()!),
  );
}

/** `*` matches within one path segment, `**` across segments, `<placeholder>` and `:param` match one segment. */
function globToRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/?|\*|<[^>]+>|:\w+)/)
    .map((part) => {
      if (part === '**' || part === '**/') return '(?:.*/)?';
      if (part === '*' || part.startsWith('<') || part.startsWith(':'))
        return '[^/]*';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}
