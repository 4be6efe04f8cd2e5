/**
 * The one redaction rule of the admin area (admins and auditors alike, every view and export):
 * a value that would let its reader act as someone — a deal or request link token, a checkout
 * session, a connected account, a payment intent or charge — is replaced by "present". What
 * happened and how much stays readable; transfer, refund and chargeback references stay too, as
 * they are what reconciles a money movement with the provider and grant nothing.
 * The rule is by key, applied to whole answers, so a field added later is covered by its name:
 * the listed keys and every key that ends in one of them (`lastFailedSessionId`, `creatorAccountId`).
 */
export const REDACTED = 'present';

const secretKeys = new Set([
  'token',
  'shareableToken',
  'shareableUrl',
  'sessionId',
  'checkoutSessionId',
  'accountId',
  'onboardingAccountId',
  'stripeAccountId',
  'paymentIntentId',
  'chargeId',
]);

/** `lastFailedSessionId` is a session id as much as `sessionId` is. */
const secretSuffixes = ['Token', 'SessionId', 'AccountId', 'PaymentIntentId', 'ChargeId'];

const isSecretKey = (key: string): boolean =>
  secretKeys.has(key) || secretSuffixes.some((suffix) => key.endsWith(suffix));

/** A deep copy of `value` with every secret key's non-empty value replaced by "present". */
export function redactForAdmin<T>(value: T): T {
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(walk);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = isSecretKey(key)
      ? v === null || v === undefined || v === ''
        ? v
        : REDACTED
      : walk(v);
  }
  return out;
}
