import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Attributes whose value people read or hear: they must come from the catalog too. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'title',
  'placeholder',
  'alt',
  'label',
  'hint',
  'description',
  'confirmLabel',
]);
/** Text without letters (symbols, punctuation, arrows, numbers) needs no translation. */
const hasWords = (text: string): boolean =>
  /\p{L}{2,}/u.test(text) && !/^[a-z]+:\/\/\S*$/i.test(text.trim());
/** Example values such as a URL scheme are not texts. */

export interface HardCoded {
  file: string;
  line: number;
  text: string;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? files(path)
      : path.endsWith('.tsx')
        ? [path]
        : [];
  });
}

/** Literal texts in JSX (text nodes, read attributes, string expressions in JSX) of every .tsx under `dir`. */
export function hardCodedTexts(dir: string, root: string): HardCoded[] {
  const found: HardCoded[] = [];
  for (const file of files(dir)) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const report = (node: ts.Node, text: string) =>
      found.push({
        file: relative(root, file),
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text: text.trim(),
      });
    const visit = (node: ts.Node): void => {
      if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
      if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText())) {
        const init = node.initializer;
        if (init && ts.isStringLiteral(init) && hasWords(init.text))
          report(node, init.text);
        if (
          init &&
          ts.isJsxExpression(init) &&
          init.expression &&
          (ts.isStringLiteral(init.expression) ||
            ts.isNoSubstitutionTemplateLiteral(init.expression)) &&
          hasWords(init.expression.text)
        )
          report(node, init.expression.text);
      }
      if (
        ts.isJsxExpression(node) &&
        node.parent &&
        (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) &&
        node.expression
      ) {
        const e = node.expression;
        if (
          (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) &&
          hasWords(e.text)
        )
          report(node, e.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
