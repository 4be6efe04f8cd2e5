import { createHash } from 'node:crypto';

/**
 * A UUID-shaped id derived from its parts. Timers, webhooks and reactors append with such fixed
 * ids, so a second instance (or a redelivery) appending "the same" event is a no-op; UUID-shaped
 * because KurrentDB accepts only UUIDs as event ids.
 */
export function deterministicId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u001f')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
