import { eventDefinition } from './catalog';
import { metadataSchema, type DomainEvent } from './metadata';

/** The parts of a stored event the codec needs (structurally compatible with the store's record). */
export interface StoredEventLike {
  streamId: string;
  position: number;
  revision: number;
  type: string;
  data: unknown;
  metadata: unknown;
}

/** A stored event that does not match the catalogue: never skipped silently. */
export class EventDecodeError extends Error {
  override readonly name = 'EventDecodeError';
  constructor(
    readonly streamId: string,
    readonly position: number,
    readonly eventType: string,
    reason: string,
  ) {
    super(
      `Cannot decode ${eventType} in stream ${streamId} at position ${position}: ${reason}`,
    );
  }
}

/** Validates a stored event against the catalogue and returns it as a domain event. */
export function decodeEvent(stored: StoredEventLike): DomainEvent {
  const definition = eventDefinition(stored.type);
  if (!definition)
    throw new EventDecodeError(
      stored.streamId,
      stored.position,
      stored.type,
      'unknown event type',
    );
  const data = definition.schema.safeParse(stored.data);
  if (!data.success)
    throw new EventDecodeError(
      stored.streamId,
      stored.position,
      stored.type,
      `malformed data: ${data.error.message}`,
    );
  const metadata = metadataSchema.safeParse(stored.metadata);
  if (!metadata.success) {
    throw new EventDecodeError(
      stored.streamId,
      stored.position,
      stored.type,
      `malformed metadata: ${metadata.error.message}`,
    );
  }
  return { type: stored.type, data: data.data, metadata: metadata.data };
}
