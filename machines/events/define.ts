import type { z } from 'zod';
import type { EventMetadata } from './metadata';

export type StreamCategory =
  | 'deal'
  | 'payment-request'
  | 'user'
  | 'admin'
  | 'unique'
  | 'sequence'
  | 'notification'
  | 'link-claim'
  | 'reconciliation'
  | 'document';

/** One entry of the event catalogue: the schema is the contract of the stored JSON. */
export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  version: number;
  category: StreamCategory;
  description: string;
  schema: S;
  example: z.infer<S>;
}

export function defineEvent<T extends string, S extends z.ZodType>(
  def: EventDefinition<T, S>,
): EventDefinition<T, S> {
  return def;
}

/** The event type a definition describes, with its data typed by the schema. */
export type EventOf<D> =
  D extends EventDefinition<infer T, infer S>
    ? { type: T; data: z.infer<S>; metadata: EventMetadata }
    : never;

/**
 * What a decider returns: an event's type and data, typed from the catalogue (a misspelt type or
 * a wrong field does not compile). The command bus adds metadata; `id` fixes the event id.
 */
export type DraftOf<E> = E extends { type: infer T; data: infer D }
  ? { type: T; data: D; id?: string }
  : never;
