import type { z } from 'zod';
import { eventDefinition } from './catalog';
import type { FieldPrivacy } from './define';

/** The parts of a zod schema's definition the walk reads (zod 4 keeps them in `_zod.def`). */
interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  in?: z.ZodType;
}

const defOf = (schema: z.ZodType): SchemaDef =>
  (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
const wrappers = new Set([
  'optional',
  'nullable',
  'default',
  'readonly',
  'prefault',
  'nonoptional',
]);

/** Each string path with the string schemas found there (a union may give it more than one). */
type Leaves = Map<string, z.ZodType[]>;

function walk(schema: z.ZodType, path: string, out: Leaves): void {
  const def = defOf(schema);
  if (def.type === 'string') {
    if ((schema as { format?: string | null }).format !== 'datetime')
      out.set(path, [...(out.get(path) ?? []), schema]);
  } else if (def.type === 'object' && def.shape) {
    for (const [key, field] of Object.entries(def.shape))
      walk(field, path ? `${path}.${key}` : key, out);
  } else if (wrappers.has(def.type) && def.innerType) {
    walk(def.innerType, path, out);
  } else if (def.type === 'array' && def.element) {
    walk(def.element, `${path}[]`, out);
  } else if (def.type === 'union' && def.options) {
    for (const option of def.options) walk(option, path, out);
  } else if (def.type === 'pipe' && def.in) {
    walk(def.in, path, out);
  }
}

/**
 * The path of every string field of an event schema (`email`, `seller.name`, `files[].name`,
 * `description[]`). Enums and literals are not free strings and ISO date-times identify no one, so
 * they are left out. The catalogue must mark each path (FieldPrivacy).
 */
export function stringFieldPaths(schema: z.ZodType): string[] {
  const out: Leaves = new Map();
  walk(schema, '', out);
  return [...out.keys()];
}

/** One personal value found in an event's data. */
export interface PersonalValue {
  path: string;
  privacy: Exclude<FieldPrivacy, 'none'>;
  value: string;
}

function valuesAt(data: unknown, steps: readonly string[]): string[] {
  const [step, ...rest] = steps;
  if (step === undefined) return typeof data === 'string' ? [data] : [];
  if (step.endsWith('[]')) {
    const list = (data as Record<string, unknown> | null)?.[step.slice(0, -2)];
    return Array.isArray(list) ? list.flatMap((item: unknown) => valuesAt(item, rest)) : [];
  }
  if (data === null || typeof data !== 'object') return [];
  return valuesAt((data as Record<string, unknown>)[step], rest);
}

/** Splits `files[].name` into `files[]`, `name`; an element path `description[]` stays whole. */
const stepsOf = (path: string): string[] => path.split('.');

/**
 * The personal values an event carries, by the catalogue's marks: what an export lists as the
 * personal data a stored event holds. Unknown event types carry none that the catalogue knows of.
 */
export function personalValues(type: string, data: unknown): PersonalValue[] {
  const definition = eventDefinition(type);
  if (!definition) return [];
  const found: PersonalValue[] = [];
  for (const [path, privacy] of Object.entries(definition.fields)) {
    if (privacy === 'none') continue;
    for (const value of valuesAt(data, stepsOf(path))) found.push({ path, privacy, value });
  }
  return found;
}

/** Writes back the strings at one path, each replaced by `map(value)`; returns a new object along the path. */
function mapAt(data: unknown, steps: readonly string[], map: (value: string) => string): unknown {
  const [step, ...rest] = steps;
  if (step === undefined) return typeof data === 'string' ? map(data) : data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const record = data as Record<string, unknown>;
  if (step.endsWith('[]')) {
    const key = step.slice(0, -2);
    const list = record[key];
    if (!Array.isArray(list)) return data;
    return { ...record, [key]: list.map((item: unknown) => mapAt(item, rest, map)) };
  }
  if (!(step in record)) return data;
  return { ...record, [step]: mapAt(record[step], rest, map) };
}

/** The catalogue's personal paths of an event type, with their privacy (none for unknown types). */
function personalPaths(type: string): [string, Exclude<FieldPrivacy, 'none'>][] {
  const definition = eventDefinition(type);
  if (!definition) return [];
  return Object.entries(definition.fields).filter(
    (entry): entry is [string, Exclude<FieldPrivacy, 'none'>] => entry[1] !== 'none',
  );
}

/**
 * The event's data with every personal value replaced by `map(value, privacy, path)`: what the
 * event store encrypts on append and decrypts on read. The data passed in is not changed.
 */
export function mapPersonalValues(
  type: string,
  data: unknown,
  map: (value: string, privacy: Exclude<FieldPrivacy, 'none'>, path: string) => string,
): unknown {
  let out = data;
  for (const [path, privacy] of personalPaths(type))
    out = mapAt(out, stepsOf(path), (value) => map(value, privacy, path));
  return out;
}

/** Stand-ins tried in order for a value that can no longer be read: the first the field's schema takes. */
const ERASED_CANDIDATES = [
  '[erased]',
  'erased',
  'XX',
  '0'.repeat(64),
  'https://erased.invalid/',
  'erased@erased.invalid',
  '',
];
const erasedCache = new Map<string, string>();

/**
 * What a personal value reads as once its key is gone (erased) or it cannot be decrypted: a
 * marker that still satisfies the field's schema (`[erased]`, or `XX` for a country code, a
 * hash of zeros for a keyed hash), so the event decodes, replays and exports as before.
 */
export function erasedValue(type: string, path: string): string {
  const cacheKey = `${type} ${path}`;
  const cached = erasedCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const definition = eventDefinition(type);
  const leaves: Leaves = new Map();
  if (definition) walk(definition.schema, '', leaves);
  const schemas = leaves.get(path) ?? [];
  const value =
    ERASED_CANDIDATES.find((c) => schemas.some((s) => s.safeParse(c).success)) ?? '[erased]';
  erasedCache.set(cacheKey, value);
  return value;
}
