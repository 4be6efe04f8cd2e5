/** A description is text or a list; lines starting with a bullet or dash show as bullets (docs/product.md §2). */
export function descriptionLines(description: string | string[]): {
  bullets: boolean;
  lines: string[];
} {
  if (Array.isArray(description)) return { bullets: true, lines: description };
  const lines = description.split('\n').filter((l) => l.trim() !== '');
  const bullets =
    lines.length > 0 && lines.every((l) => /^\s*[-•*]\s+/.test(l));
  return {
    bullets,
    lines: bullets ? lines.map((l) => l.replace(/^\s*[-•*]\s+/, '')) : lines,
  };
}

export const descriptionText = (description: string | string[]): string =>
  Array.isArray(description) ? description.join('\n') : description;
