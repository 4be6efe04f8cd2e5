import type {
  ExportedEvent,
  PersonalDataExport,
} from '@machines/contract/privacy-api';
import type { Actor } from '@machines/events/metadata';
import { holdReasonIn } from '@machines/deal/hold-reason';
import { personalValues } from '@machines/events/personal-fields';
import {
  StreamNotFound,
  type EventStore,
  type RecordedEvent,
} from '../event-store/event-store';
import { redactFor, redactOtherSide } from '../shared/redaction';

/**
 * How a person's events go into their export: as the reader they are may see them (the owner of a
 * deal or an account reads it whole, a link holder through the redaction rule of
 * server/shared/redaction.ts), and without secrets that are no one's data to read back: password,
 * code and claim hashes, a push subscription's keys (its endpoint shows only the host).
 */
export type ExportReader = 'party' | 'link';

const secretKeys = new Set([
  'passwordHash',
  'codeHash',
  'claimSecretHash',
  'nonce',
]);
const NOT_EXPORTED = '[not exported]';

/** The host of a push endpoint (`https://fcm.googleapis.com/…` → `fcm.googleapis.com`). */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '(unknown)';
  }
}

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'keys') continue;
    if (secretKeys.has(key)) out[key] = NOT_EXPORTED;
    else if (key === 'endpoint' && typeof v === 'string')
      out.endpointHost = endpointHost(v);
    else out[key] = withoutSecrets(v);
  }
  return out;
}

/** A stream's events, or none when it does not exist. */
export async function readIfAny(
  store: EventStore,
  streamId: string,
): Promise<RecordedEvent[]> {
  try {
    return await store.readStream(streamId);
  } catch (error) {
    if (error instanceof StreamNotFound) return [];
    throw error;
  }
}

/** A value the person reads in their language where it is stored as a code: an admin's hold for review. */
const readable = (
  type: string,
  path: string,
  value: string,
  lang: 'en' | 'nl',
): string =>
  type === 'DealPutOnHold' && path === 'reason'
    ? holdReasonIn(value, lang)
    : value;

function readableData(
  event: RecordedEvent,
  data: unknown,
  lang: 'en' | 'nl',
): unknown {
  const reason = (data as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string'
    ? {
        ...(data as object),
        reason: readable(event.type, 'reason', reason, lang),
      }
    : data;
}

/**
 * One stored event as the export shows it, in the person's language `lang` where a value is stored
 * as a code; `isYou` tells the person's own actions. A party reads its own payment ids whole and
 * the other side's as present (`side`: which side the person is on in this deal or request), as in
 * the deal and request answers.
 */
export function exportedEvent(
  event: RecordedEvent,
  reader: ExportReader,
  isYou: (actor: Actor) => boolean,
  lang: 'en' | 'nl',
  side?: 'brand' | 'creator',
): ExportedEvent {
  const metadata = event.metadata as { actor: Actor; at: string };
  const data = readableData(event, withoutSecrets(event.data), lang);
  return {
    stream: event.streamId,
    type: event.type,
    at: metadata.at,
    actor: isYou(metadata.actor) ? 'you' : metadata.actor.kind,
    data:
      reader === 'link'
        ? redactFor('link', data)
        : side
          ? redactOtherSide(side, data)
          : data,
  };
}

/**
 * The personal values the person's events hold, by the catalogue's marks (machines/events/
 * personal-fields.ts), once each, in `lang` where stored as a code; secrets (hashes) are left out
 * as in the events.
 */
export function personalDataOf(
  events: readonly RecordedEvent[],
  lang: 'en' | 'nl',
): PersonalDataExport['personalData'] {
  const seen = new Set<string>();
  const out: PersonalDataExport['personalData'] = [];
  for (const event of events) {
    for (const found of personalValues(event.type, event.data)) {
      const leaf = found.path.split('.').pop()!.replace('[]', '');
      if (secretKeys.has(leaf) || found.path.includes('keys.')) continue;
      const value =
        leaf === 'endpoint'
          ? endpointHost(found.value)
          : readable(event.type, found.path, found.value, lang);
      const key = `${found.path}\u0000${value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        field: found.path,
        privacy: found.privacy,
        value,
        source: event.type,
      });
    }
  }
  return out;
}
