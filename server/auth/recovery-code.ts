import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * One-time admin recovery codes (docs/adr/0021-sign-in-throttles-not-lock-outs.md): 20 random
 * bytes as 32 base-32 characters in groups of four (`ABCD-EFGH-…`), 160 bits, so a plain SHA-256
 * is enough to keep them (nobody can guess one to match it; a slow password hash buys nothing).
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function newRecoveryCode(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{4}/g)!.join('-');
}

/** The code as typed: case, spaces and dashes do not matter. */
const canonical = (code: string): string =>
  code.toUpperCase().replace(/[\s-]/g, '');

export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(canonical(code)).digest('hex');

/** Whether `code` is the one whose hash was kept (constant time). */
export function recoveryCodeMatches(
  code: string,
  hash: string | null | undefined,
): boolean {
  if (!hash) return false;
  const given = Buffer.from(hashRecoveryCode(code), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
