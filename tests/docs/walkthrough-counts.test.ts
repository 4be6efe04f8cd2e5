import { describe, expect, it } from 'vitest';
import { readRepoFile } from './repo-files';

const numbers: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
};

/** The walkthrough's claims about how many files a click opens stay true as the code moves. */
describe('docs/walkthrough.md counts', () => {
  const page = readRepoFile('docs/walkthrough.md');

  it('names as many feature files as its table lists, and each is a different file', () => {
    const claim = /opens \*\*(\w+) feature files\*\*/.exec(page);
    expect(
      claim,
      'the walkthrough states how many feature files the click opens',
    ).not.toBeNull();
    const stated = numbers[claim![1]!.toLowerCase()];
    const table = page.slice(claim!.index).split('\n\n')[1]!;
    const files = [...table.matchAll(/^\|[^|]+\|\s*`([^`]+)`/gm)].map(
      (m) => m[1],
    );
    expect(files.length).toBe(stated);
    expect(new Set(files).size).toBe(files.length);
    // The house bound: the brand's approval opens at most five feature files.
    expect(stated).toBeLessThanOrEqual(5);
    for (const file of files)
      expect(readRepoFile(file!).length).toBeGreaterThan(0);
  });
});
