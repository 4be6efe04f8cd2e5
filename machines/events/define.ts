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
  | 'document'
  | 'privacy';

/**
 * Whether a string field of an event's data is personal data, and under which key it will be kept:
 * `profile` (contact data and texts written by or about a person: forgotten on request), `fiscal`
 * (what an invoice or payout record must show: kept for the bookkeeping retention period) or `none`
 * (ids, codes, amounts' references, secrets that identify no person).
 */
export type FieldPrivacy = 'profile' | 'fiscal' | 'none';

/**
 * Every string field of an event's data by its path (`email`, `seller.name`, `files[].name`,
 * `description[]` for the elements of an array) with its privacy. ISO date-time fields are not
 * listed (a timestamp identifies no one). tests/machines/personal-fields.test.ts fails when a string
 * field is missing or a listed path does not exist.
 */
export type PersonalFieldMarks = Readonly<Record<string, FieldPrivacy>>;

/** One entry of the event catalogue: the schema is the contract of the stored JSON. */
export interface EventDefinition<
  T extends string = string,
  S extends z.ZodType = z.ZodType,
> {
  type: T;
  version: number;
  category: StreamCategory;
  description: string;
  schema: S;
  /** Which string fields are personal (see PersonalFieldMarks). */
  fields: PersonalFieldMarks;
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
