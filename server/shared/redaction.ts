/**
 * The one redaction rule for readers who are not a party's signed-in account
 * (docs/adr/0009-hash-chains-and-admin-redaction.md): every admin and auditor answer and export,
 * and every answer to a link (deal and payment-request link views, their documents), goes through
 * `redactFor` with its reader. The rule is by key and by value, applied to whole answers, so a
 * field added later is covered by its name or by what it holds:
 *
 * - **acting values** let their reader act as someone: link tokens and URLs, connected accounts,
 *   checkout sessions, payment intents, charges, payment methods (`cs_`, `pi_`, `ch_`, `py_`,
 *   `pm_`, `seti_`, `src_`, `acct_` ids, under any key, and the keys listed below);
 * - **references** reconcile a money movement with the provider and grant nothing: transfers,
 *   reversals, refunds, payouts and disputes (`tr_`, `trr_`, `re_`, `pyr_`, `po_`, `du_`, `dp_`),
 *   and the webhook event that told of one (`gatewayEventId`, `evt_`);
 * - the **payment method** (`method`, `paymentMethod`: card, iDEAL, …) says how a party paid.
 *
 * | reader | acting values | references | payment method |
 * |---|---|---|---|
 * | `admin` (admins and auditors) | `"present"` | shown | shown |
 * | `link` (whoever holds a link) | `"present"` (the link's own token and URL stay) | `"present"` | `null` |
 * | a party's own account (`redactOtherSide`) | the other side's `"present"`, its own shown | shown | shown |
 *
 * Empty values (null, undefined, '') and words that already stand in for an id (`"present"`,
 * `"connected"`) stay as they are, so an answer still tells "none" from
 * "present": the link page rebuilds its statechart from the context, and guards such as "a bank
 * account is connected" read only whether the value is there. Documents print no "present"
 * reference (machines/documents/document-layout.ts).
 */
import { REDACTED } from '@machines/contract/money-api';

export { REDACTED };

export type Reader = 'admin' | 'link';

/**
 * Gateway ids by their shape: a prefix, the provider's mode (`test_`, `live_`) or the simulated
 * gateway's `sim_`, then at least 14 letters and digits with a digit among them (`pi_3Nq…`,
 * `pi_sim_4f1c…`), so a word a person typed (`re_release`) is not taken for one.
 */
const idShape = (prefixes: string) =>
  new RegExp(
    `^(${prefixes})_(?:(?:sim|test|live)_)?(?=[A-Za-z]*[0-9])[A-Za-z0-9]{14,}$`,
  );
const actingId = idShape('cs|pi|ch|py|pm|seti|src|acct');
const referenceId = idShape('tr|trr|re|pyr|po|du|dp|evt');

/** Keys that hold a link's secret: the link's own reader has it already; admins never see it. */
const linkSecretKeys = new Set(['token', 'shareableToken', 'shareableUrl']);
const actingKeys = new Set([
  'sessionId',
  'checkoutSessionId',
  'accountId',
  'onboardingAccountId',
  'stripeAccountId',
  'paymentIntentId',
  'chargeId',
  'paymentMethodId',
]);
/** `lastFailedSessionId` is a session id as much as `sessionId` is. */
const actingSuffixes = [
  'Token',
  'SessionId',
  'AccountId',
  'PaymentIntentId',
  'ChargeId',
];
const referenceKeys = new Set([
  'transferId',
  'refundId',
  'reversalId',
  'disputeId',
  'payoutId',
  'gatewayEventId',
]);
const referenceSuffixes = [
  'TransferId',
  'RefundId',
  'ReversalId',
  'DisputeId',
  'PayoutId',
];
const methodKeys = new Set(['method', 'paymentMethod']);
type Kind = 'linkSecret' | 'acting' | 'reference' | 'method' | null;

const kindOfKey = (key: string): Kind => {
  if (linkSecretKeys.has(key)) return 'linkSecret';
  if (actingKeys.has(key) || actingSuffixes.some((s) => key.endsWith(s)))
    return 'acting';
  if (referenceKeys.has(key) || referenceSuffixes.some((s) => key.endsWith(s)))
    return 'reference';
  return methodKeys.has(key) ? 'method' : null;
};

const kindOfValue = (value: string): Kind =>
  actingId.test(value)
    ? 'acting'
    : referenceId.test(value)
      ? 'reference'
      : null;

/** What `reader` reads instead of a value of `kind`; `undefined` keeps the value. */
function replacement(reader: Reader, kind: Kind): string | null | undefined {
  if (kind === null) return undefined;
  if (reader === 'admin')
    return kind === 'acting' || kind === 'linkSecret' ? REDACTED : undefined;
  if (kind === 'linkSecret') return undefined;
  return kind === 'method' ? null : REDACTED;
}

/** Nothing to hide: empty, or a word a view already put in an id's place (`stripeAccountId: 'connected'`). */
const standsInFor = new Set([REDACTED, 'connected']);
const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (typeof v === 'string' && standsInFor.has(v));

/**
 * A deep copy of `value` with each non-empty string replaced by `leaf`, told the kind of the key it
 * is under (a number or boolean under a secret key, a flag, says nothing the key's name does not).
 */
function mapStrings<K>(
  value: unknown,
  kindOf: (key: string) => K,
  leaf: (value: string, keyKind: K | null) => unknown,
  keyKind: K | null = null,
): unknown {
  if (Array.isArray(value))
    return value.map((v) => mapStrings(v, kindOf, leaf, keyKind));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>))
      out[key] = mapStrings(v, kindOf, leaf, kindOf(key));
    return out;
  }
  return isEmpty(value) || typeof value !== 'string'
    ? value
    : leaf(value, keyKind);
}

function walk(reader: Reader, value: unknown): unknown {
  return mapStrings(value, kindOfKey, (text, keyKind) => {
    const byKey = replacement(reader, keyKind);
    if (byKey !== undefined) return byKey;
    const byValue = replacement(reader, kindOfValue(text));
    return byValue !== undefined ? byValue : text;
  });
}

const accountId = idShape('acct');
const isAccountKey = (key: string) =>
  key === 'accountId' || key.endsWith('AccountId');
type Side = 'account' | 'payment' | null;
/** Whose acting value a key holds: the creator's connected account, or the brand's payment. */
const sideOfKey = (key: string): Side =>
  kindOfKey(key) !== 'acting'
    ? null
    : isAccountKey(key)
      ? 'account'
      : 'payment';
const sideOfValue = (value: string): Side =>
  !actingId.test(value) ? null : accountId.test(value) ? 'account' : 'payment';

/**
 * A party's own signed-in account reads its own payment ids, and the other side's acting values as
 * `"present"`: the brand does not read the creator's connected account (`acct_`), the creator not
 * the brand's checkout session, payment intent, charge or payment method (`cs_`, `pi_`, `ch_`, …).
 * References (transfers, refunds) grant nothing and stay.
 */
export function redactOtherSide<T>(reader: 'brand' | 'creator', value: T): T {
  const hidden: Side = reader === 'brand' ? 'account' : 'payment';
  return mapStrings(value, sideOfKey, (text, keySide) =>
    keySide === hidden || sideOfValue(text) === hidden ? REDACTED : text,
  ) as T;
}

/** A deep copy of `value` as `reader` may read it (the table above). */
export function redactFor<T>(reader: Reader, value: T): T {
  return walk(reader, value) as T;
}

/** The admin area's reading: admins and auditors alike, every view and export. */
export const redactForAdmin = <T>(value: T): T => redactFor('admin', value);
