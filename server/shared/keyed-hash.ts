import { createHmac } from 'node:crypto';

/** An HMAC of a value under the app's secret and a label: lookups by a value never stored plain. */
export const keyedHasher =
  (secret: string) =>
  (label: string, value: string): string =>
    createHmac('sha256', `${label}:${secret}`).update(value).digest('hex');

export type KeyedHash = ReturnType<typeof keyedHasher>;
