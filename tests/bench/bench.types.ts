/** One figure printed by `npm run bench`, with the baseline measured in the same run. */
export interface BenchLine {
  /** Short id used in the report, e.g. "b" or "api-list". */
  id: string;
  label: string;
  value: number;
  unit: string;
  baseline?: { label: string; value: number };
  /** Human-readable target, e.g. ">= 10,000 appends/s" or ">= 30 % of c0". */
  target?: string;
  /** Whether the target was met (omit when there is no target). */
  met?: boolean;
  /** Anything else worth printing (p99, peak RSS, ...). */
  extra?: string;
}

export type BenchSuite = () => Promise<BenchLine[]>;
