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

function walk(schema: z.ZodType, path: string, out: Set<string>): void {
  const def = defOf(schema);
  if (def.type === 'string') {
    if ((schema as { format?: string | null }).format !== 'datetime') out.add(path);
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
  const out = new Set<string>();
  walk(schema, '', out);
  return [...out];
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
