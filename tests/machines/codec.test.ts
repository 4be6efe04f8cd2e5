import { describe, expect, it } from 'vitest';
import {
  decodeEvent,
  EventDecodeError,
  type StoredEventLike,
} from '@machines/events/codec';
import { eventCatalog } from '@machines/events/catalog';
import { metadata } from '@tests/support/event-factory';

const stored = (patch: Partial<StoredEventLike>): StoredEventLike => ({
  streamId: 'deal-42',
  position: 1_234,
  revision: 3,
  type: 'CreatorAccepted',
  data: {},
  metadata: metadata(),
  ...patch,
});

function decodeError(patch: Partial<StoredEventLike>): EventDecodeError {
  try {
    decodeEvent(stored(patch));
  } catch (error) {
    expect(error).toBeInstanceOf(EventDecodeError);
    return error as EventDecodeError;
  }
  throw new Error('expected decodeEvent to throw');
}

describe('decodeEvent', () => {
  it('returns every catalogue example as a domain event', () => {
    for (const d of eventCatalog) {
      const event = decodeEvent(stored({ type: d.type, data: d.example }));
      expect(event).toEqual({
        type: d.type,
        data: d.example,
        metadata: metadata(),
      });
    }
  });

  it('keeps metadata.state, the statechart verdict stamped by the pipeline', () => {
    expect(
      decodeEvent(
        stored({
          metadata: { ...metadata(), state: 'pending_delivery.accepted' },
        }),
      ).metadata.state,
    ).toBe('pending_delivery.accepted');
  });

  it('an unknown event type names the stream and the position', () => {
    const error = decodeError({ type: 'DealTeleported' });
    expect(error).toMatchObject({
      streamId: 'deal-42',
      position: 1_234,
      eventType: 'DealTeleported',
    });
    expect(error.message).toMatch(
      /DealTeleported.*deal-42.*position 1234.*unknown event type/,
    );
  });

  it('malformed data names the stream, the position and the field', () => {
    const error = decodeError({
      type: 'FundsReleased',
      data: { trigger: 'gift', transferId: 'tr', amountCents: 1 },
    });
    expect(error).toMatchObject({ streamId: 'deal-42', position: 1_234 });
    expect(error.message).toMatch(/deal-42.*1234.*malformed data/);
    expect(decodeError({ type: 'DealCreated', data: null }).message).toMatch(
      /malformed data/,
    );
  });

  it('malformed metadata is an error too', () => {
    expect(
      decodeError({ metadata: { ...metadata(), at: 'yesterday' } }).message,
    ).toMatch(/deal-42.*1234.*malformed metadata/);
    expect(decodeError({ metadata: null }).message).toMatch(
      /malformed metadata/,
    );
  });
});
