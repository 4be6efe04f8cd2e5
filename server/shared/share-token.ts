import { randomBytes } from 'node:crypto';

/** 128 bits from the OS RNG, URL-safe: the whole secret of a creator link or a payment request's link. */
export const newShareToken = (): string =>
  randomBytes(16).toString('base64url');
