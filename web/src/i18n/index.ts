import type { en } from './en';
import type { nl } from './nl';
import { enCore } from './en-core';

/**
 * The text catalog. English keys cover the deal flow, Dutch keys the payment-request flow and the
 * pages the spec names as Dutch. Only the creator-page texts ship in the entry chunk; the others are
 * added by the lazy routes that need them (see app-routes), keeping the link pages small.
 * A translation is another catalog with the same keys passed to `addMessages`.
 */
const catalog: Record<string, string> = { ...enCore };

export type MessageKey = keyof en | keyof nl;
export type Vars = Record<string, string | number>;

export function addMessages(messages: Record<string, string>): void {
  Object.assign(catalog, messages);
}

function fill(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function t(key: MessageKey, vars?: Vars): string {
  return fill(catalog[key] ?? key, vars);
}

/** For keys that arrive as data (the machines' state meta), so they are not known at compile time. */
export function tKey(key: string, vars?: Vars): string {
  return fill(catalog[key] ?? key, vars);
}
