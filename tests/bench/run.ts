/**
 * `npm run bench`: runs every tests/bench/*.bench.ts suite in turn and prints each figure beside
 * the baseline measured in the same run, as a ratio (the machines are noisy; ratios travel).
 * `npm run bench -- api` runs only the suites whose file name contains "api".
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchLine, BenchSuite } from './bench.types';

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort();

const number = (n: number): string =>
  n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2);

function print(line: BenchLine): void {
  const parts = [
    `(${line.id}) ${line.label}: ${number(line.value)} ${line.unit}`,
  ];
  if (line.baseline) {
    const ratio =
      line.baseline.value === 0 ? 0 : line.value / line.baseline.value;
    parts.push(
      `= ${(ratio * 100).toFixed(1)} % of ${line.baseline.label} (${number(line.baseline.value)})`,
    );
  }
  if (line.extra) parts.push(`[${line.extra}]`);
  if (line.target)
    parts.push(
      `target ${line.target}: ${line.met === undefined ? '-' : line.met ? 'met' : 'NOT MET'}`,
    );
  console.log(parts.join('  '));
}

const all: BenchLine[] = [];
for (const file of files) {
  console.log(`\n== ${file} ==`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as {
    run: BenchSuite;
  };
  try {
    const lines = await mod.run();
    lines.forEach(print);
    all.push(...lines);
  } catch (error) {
    console.error(`${file} failed:`, error);
    process.exitCode = 1;
  }
}

const missed = all.filter((l) => l.met === false);
console.log(
  `\n${all.length} figures, ${all.filter((l) => l.met === true).length} targets met, ${missed.length} missed`,
);
