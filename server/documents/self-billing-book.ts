import type { DealContext } from '@machines/deal/deal.context';
import type { Actor } from '@machines/events/metadata';
import {
  checkSelfBilling,
  selfBillingSchema,
  type SelfBillingAgreement,
  type SelfBillingProblem,
  type SelfBillingTerms,
} from '@machines/documents/self-billing';
import { DomainError } from '../commands/domain-error';
import type { CommandContext } from '../commands/command-bus';
import type { EventStore } from '../event-store/event-store';
import { isoCountryCode } from '../http/fields';
import type { Clock } from '../shared/clock';
import { appendAsActor, readAll, retryOnRace } from './billing-book';

/**
 * Whose payouts an agreement covers: a signed-in creator's account (`user-u_91c2`, agreed on the
 * profile or at a claimed deal's bank setup) or, for a creator without one, the deal's link
 * (`deal-12`, agreed at that deal's bank setup).
 */
export type CreatorKey = `deal-${number}` | `user-${string}`;
export const dealCreator = (dealId: number): CreatorKey => `deal-${dealId}`;
export const userCreator = (userId: string): CreatorKey => `user-${userId}`;
/**
 * A deal's creator: the account that accepted it while signed in (one agreement and one series
 * for all its deals and requests), else the deal's link.
 */
export const creatorOfDeal = (
  c: Pick<DealContext, 'dealId' | 'claimedByUserId'>,
): CreatorKey =>
  c.claimedByUserId ? userCreator(c.claimedByUserId) : dealCreator(c.dealId);

/** The stream of a creator's agreement: `SelfBillingAgreed` and `SelfBillingRevoked`, the last one counts. */
export const selfBillingStreamOf = (creator: CreatorKey) =>
  `self-billing-${creator}`;

/** The refusal code of each problem with the self-billing terms. */
const PROBLEM_CODES = {
  vat_id_invalid: 'vat_id_invalid',
  address_missing: 'billing_address_missing',
  vat_id_required: 'vat_id_required',
} as const satisfies Record<SelfBillingProblem, string>;

/** Self-billing terms as a request gives them: the contract's, with a country ISO 3166 knows. */
export const selfBillingBody = selfBillingSchema.extend({
  country: isoCountryCode,
});

/** The terms as they are recorded, or a 400 with the problem's code (EN + NL texts). */
export function checkedTerms(input: SelfBillingTerms): SelfBillingTerms {
  const checked = checkSelfBilling(input);
  if (!checked.ok)
    throw new DomainError(PROBLEM_CODES[checked.problem], {
      country: input.country,
    });
  return checked.terms;
}

type AgreedData = SelfBillingTerms & { creator: CreatorKey };
interface Entry {
  agreement: SelfBillingAgreement | null;
  at: string;
}

const sameTerms = (a: SelfBillingTerms, b: SelfBillingTerms): boolean =>
  JSON.stringify({ ...a, agreedAt: null }) ===
  JSON.stringify({ ...b, agreedAt: null });

/** Each recorded change of a creator's agreement (null: revoked), oldest first, and the stream's revision. */
async function agreementHistory(
  store: EventStore,
  creator: CreatorKey,
): Promise<{ entries: Entry[]; revision: number }> {
  const { events, revision } = await readAll(
    store,
    selfBillingStreamOf(creator),
  );
  const entries = events.map((event): Entry => {
    const at = (event.metadata as { at: string }).at;
    if (event.type !== 'SelfBillingAgreed') return { agreement: null, at };
    const { creator: _creator, ...terms } = event.data as AgreedData;
    return { agreement: { ...terms, agreedAt: at }, at };
  });
  return { entries, revision };
}

/**
 * Creators' self-billing agreements, each on a stream of its own: agreed with the terms (a full
 * replacement), revoked for later payouts, read as they stand now or as they stood at a payout, so
 * a payout processed late is invoiced by the agreement it was made under.
 */
export function createSelfBillingBook({
  store,
  clock,
}: {
  store: EventStore;
  clock: Clock;
}) {
  const history = (creator: CreatorKey) => agreementHistory(store, creator);

  /** The agreement in force now, or null. */
  async function read(
    creator: CreatorKey,
  ): Promise<SelfBillingAgreement | null> {
    return (await history(creator)).entries.at(-1)?.agreement ?? null;
  }

  /** The agreement that was in force at `instant` (a payout's time), or null. */
  async function readAt(
    creator: CreatorKey,
    instant: string,
  ): Promise<SelfBillingAgreement | null> {
    const at = Date.parse(instant);
    const before = (await history(creator)).entries.filter(
      (e) => Date.parse(e.at) <= at,
    );
    return before.at(-1)?.agreement ?? null;
  }

  /** Records the agreement (nothing when the same terms are in force); the saver is the actor. */
  const agree = (
    creator: CreatorKey,
    terms: SelfBillingTerms,
    context: CommandContext & { actor: Actor },
  ): Promise<{ agreement: SelfBillingAgreement; position: number }> =>
    retryOnRace(async () => {
      const { entries, revision } = await history(creator);
      const current = entries.at(-1)?.agreement ?? null;
      if (current && sameTerms(current, terms))
        return { agreement: current, position: 0 };
      const data: AgreedData = { creator, ...terms };
      const position = await appendAsActor(store, clock, {
        stream: selfBillingStreamOf(creator),
        type: 'SelfBillingAgreed',
        data,
        revision,
        context,
      });
      return {
        agreement: { ...terms, agreedAt: clock.now().toISOString() },
        position,
      };
    });

  /** Withdraws the agreement for later payouts; 409 `self_billing_not_agreed` without one. */
  const revoke = (
    creator: CreatorKey,
    context: CommandContext & { actor: Actor },
  ): Promise<{ position: number }> =>
    retryOnRace(async () => {
      const { entries, revision } = await history(creator);
      if (!entries.at(-1)?.agreement)
        throw new DomainError('self_billing_not_agreed');
      const position = await appendAsActor(store, clock, {
        stream: selfBillingStreamOf(creator),
        type: 'SelfBillingRevoked',
        data: { creator },
        revision,
        context,
      });
      return { position };
    });

  return { read, readAt, agree, revoke };
}

export type SelfBillingBook = ReturnType<typeof createSelfBillingBook>;
