import ts from 'typescript';

export interface Comment {
  text: string;
  line: number;
}

/** Every comment of a TypeScript or JavaScript file (JSX included), with the line it starts on. */
export function commentsOf(fileName: string, source: string): Comment[] {
  const kind = fileName.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : fileName.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    kind,
  );
  const seen = new Set<number>();
  const comments: Comment[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push({
        text: source.slice(range.pos, range.end),
        line: file.getLineAndCharacterOfPosition(range.pos).line + 1,
      });
    }
  };
  // Every token's leading and trailing trivia: getChildren includes punctuation, so a comment
  // before a closing brace (JSX `{/* … */}`) is found too.
  const visit = (node: ts.Node): void => {
    collect(ts.getLeadingCommentRanges(source, node.pos));
    collect(ts.getTrailingCommentRanges(source, node.end));
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return comments.sort((a, b) => a.line - b.line);
}
