import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const webSrc = join(import.meta.dirname, '..', '..', 'web', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/**
 * No browser validation bubble ("Please fill out this field." in English on a Dutch form): every
 * form turns the browser's own validation off and says what is wrong in the app's translated words.
 */
describe('forms', () => {
  it('every <form> in the web app has noValidate', () => {
    const missing: string[] = [];
    for (const file of sources(webSrc)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/<form\b[^>]*>/gs))
        if (!/\bnoValidate\b/.test(match[0]))
          missing.push(
            `${file.slice(webSrc.length + 1)}: ${match[0].slice(0, 60)}`,
          );
    }
    expect(missing).toEqual([]);
  });
});
