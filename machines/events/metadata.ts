import { z } from 'zod';

/** Who caused an event. `creator-link` is the unauthenticated creator acting through a deal link. */
export const actorKinds = [
  'brand',
  'creator-link',
  'creator',
  'admin',
  'system',
  'stripe',
] as const;
export const actorSchema = z.object({
  kind: z.enum(actorKinds),
  id: z.string().min(1),
});
export type Actor = z.infer<typeof actorSchema>;

export const metadataSchema = z.object({
  actor: actorSchema,
  /** ISO-8601 instant at which the event was decided (the injected clock). */
  at: z.iso.datetime(),
  /** Ties together everything one user action or webhook caused. */
  correlationId: z.string().min(1),
  /** The id of the event or request that directly caused this one (null for a user request). */
  causationId: z.string().min(1).nullable(),
  schemaVersion: z.number().int().positive(),
  /** Whose keys seal the event's personal fields, when the stream and actor do not say (docs/adr/0033-personal-data-keys-per-person.md). */
  subject: z.string().min(1).optional(),
  /** The machine state the stream reached with this event ("pending_delivery.accepted"): the statechart's verdict, recorded so projections need not re-run it. */
  state: z.string().optional(),
});
export type EventMetadata = z.infer<typeof metadataSchema>;

/** A domain event as the machines see it: the statecharts' events are exactly these. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
  metadata: EventMetadata;
}
