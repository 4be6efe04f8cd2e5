import type { z } from 'zod';
import { eventDefinition } from './catalog';
import type { FieldPrivacy } from './define';
import { ERASED_TEXT } from './erased-marker';

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
    return Array.isArray(list)
      ? list.flatMap((item: unknown) => valuesAt(item, rest))
      : [];
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
    for (const value of valuesAt(data, stepsOf(path)))
      found.push({ path, privacy, value });
  }
  return found;
}

type Privacy = Exclude<FieldPrivacy, 'none'>;

/** One step of the catalogue's personal paths: `files[]` (an array) or `seller` (an object). */
interface PathNode {
  key: string;
  array: boolean;
  /** Set when a personal string sits here (the whole path and its mark). */
  leaf: { path: string; privacy: Privacy } | null;
  children: PathNode[];
}

/** An event type's personal paths as a tree of steps, built once per type (null: none). */
const trees = new Map<string, PathNode[] | null>();

/** The last type asked for: reading an event asks for its type's tree twice in a row. */
let last: { type: string; tree: PathNode[] | null } = { type: '', tree: null };

function pathTree(type: string): PathNode[] | null {
  if (type === last.type) return last.tree;
  const known = trees.get(type);
  if (known !== undefined) {
    last = { type, tree: known };
    return known;
  }
  const roots: PathNode[] = [];
  for (const [path, privacy] of Object.entries(
    eventDefinition(type)?.fields ?? {},
  )) {
    if (privacy === 'none') continue;
    let level = roots;
    const steps = stepsOf(path);
    steps.forEach((step, i) => {
      const key = step.endsWith('[]') ? step.slice(0, -2) : step;
      const array = step.endsWith('[]');
      let node = level.find((n) => n.key === key && n.array === array);
      if (!node) level.push((node = { key, array, leaf: null, children: [] }));
      if (i === steps.length - 1) node.leaf = { path, privacy };
      level = node.children;
    });
  }
  const tree = roots.length === 0 ? null : roots;
  trees.set(type, tree);
  last = { type, tree };
  return tree;
}

type ValueMap = (value: string, privacy: Privacy, path: string) => string;

/** A value at a node: the string mapped at a leaf, or an object walked further. */
function mapValue(value: unknown, node: PathNode, map: ValueMap): unknown {
  if (typeof value === 'string')
    return node.leaf ? map(value, node.leaf.privacy, node.leaf.path) : value;
  return node.children.length > 0 ? mapNodes(value, node.children, map) : value;
}

/** Copies an object only along the paths where a value changed: the data passed in is not changed. */
function mapNodes(
  data: unknown,
  nodes: readonly PathNode[],
  map: ValueMap,
): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return data;
  const record = data as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (const node of nodes) {
    const value = record[node.key];
    // Nothing to map in a field that is absent or undefined (it would map to itself).
    if (value === undefined) continue;
    const mapped = node.array
      ? mapList(value, node, map)
      : mapValue(value, node, map);
    if (mapped !== value) (out ??= { ...record })[node.key] = mapped;
  }
  return out ?? data;
}

/** The items of an array node mapped, copied only when an item changed (any other value as it is). */
function mapList(value: unknown, node: PathNode, map: ValueMap): unknown {
  if (!Array.isArray(value)) return value;
  let list: unknown[] | null = null;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    const mapped = mapValue(item, node, map);
    if (mapped !== item) (list ??= value.slice())[i] = mapped;
  }
  return list ?? value;
}

/** Whether an event type carries personal fields at all (most events do not: ids, amounts, states). */
export const hasPersonalFields = (type: string): boolean =>
  pathTree(type) !== null;

/**
 * The event's data with every personal value replaced by `map(value, privacy, path)`: what the
 * event store encrypts on append and decrypts on read. The data passed in is not changed; objects
 * are copied only along the paths where a value changed, and values are visited in the same order
 * for the same type and data (the sealed envelope relies on it).
 */
export function mapPersonalValues(
  type: string,
  data: unknown,
  map: ValueMap,
): unknown {
  const tree = pathTree(type);
  return tree ? mapNodes(data, tree, map) : data;
}

/** Stand-ins tried in order for a value that can no longer be read: the first the field's schema takes. */
const ERASED_CANDIDATES = [
  ERASED_TEXT,
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
    ERASED_CANDIDATES.find((c) =>
      schemas.some((s) => s.safeParse(c).success),
    ) ?? ERASED_TEXT;
  erasedCache.set(cacheKey, value);
  return value;
}
