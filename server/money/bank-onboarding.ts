import { decideDeal } from '@machines/deal/deal.commands';
import { dealAggregate, userAggregate } from '../commands/aggregate';
import type { CommandBus, CommandContext } from '../commands/command-bus';
import type { CommandRunner, DealResult } from '../commands/run-command';
import { dealGuard } from '../auth/ownership';
import { DomainError } from '../commands/domain-error';
import { callGateway } from './gateway/gateway-failure';
import type { PaymentGateway } from './gateway/payment-gateway';
import type { BankStatus, EscrowConfig } from './escrow.types';
import type { Clock } from '../shared/clock';
import {
  checkPayoutIdentity,
  type PayoutIdentity,
} from '@machines/account/payout-identity';

const system: CommandContext = { actor: { kind: 'system', id: 'escrow' } };
/** The account.updated webhook keeps the ledger current; the gateway is asked at most this often per account. */
const GATEWAY_REFRESH_MS = 60_000;

export interface BankOnboardingDeps {
  bus: CommandBus;
  run: CommandRunner;
  gateway: PaymentGateway;
  config: EscrowConfig;
  users: { emailOf(userId: string): Promise<string | null> };
  clock: Clock;
}

/**
 * The account to onboard (the one already opened, else a new one keyed by its stream, so a second
 * visit continues it) and the gateway's onboarding link for it.
 */
async function accountLink(
  gateway: PaymentGateway,
  existing: string | null,
  account: {
    reference: string;
    email: string | null;
    metadata: Record<string, string>;
  },
  urls: { returnUrl: string; refreshUrl: string },
): Promise<{ accountId: string; url: string }> {
  const { reference, email, metadata } = account;
  const accountId =
    existing ??
    (
      await callGateway(() =>
        gateway.createConnectedAccount({
          reference,
          email,
          idempotencyKey: `${reference}:account`,
          metadata,
        }),
      )
    ).accountId;
  const { url } = await callGateway(() =>
    gateway.createAccountLink({ accountId, ...urls }),
  );
  return { accountId, url };
}

/**
 * The identity as it will be recorded, or the refusal (400 with its code) of one that is incomplete
 * or malformed; undefined when none was given on a later visit (one is on record). Bank setup does
 * not start without one: 400 `payout_identity_required` (docs/adr/0034-payment-request-paperwork.md).
 */
export function checkedIdentity(
  given: PayoutIdentity | undefined,
  clock: Clock,
  onRecord: PayoutIdentity | null | undefined,
): PayoutIdentity | undefined {
  if (given === undefined) {
    if (!onRecord) throw new DomainError('payout_identity_required');
    return undefined;
  }
  const checked = checkPayoutIdentity(
    given,
    clock.now().toISOString().slice(0, 10),
  );
  if (!checked.ok) throw new DomainError(checked.problem);
  return checked.identity;
}

/** True at most once a minute per account (per instance): time to ask the gateway again. */
function gatewayRefreshGate(clock: Clock): (accountId: string) => boolean {
  const lastAsked = new Map<string, number>();
  return (accountId) => {
    const now = clock.now().getTime();
    const asked = lastAsked.get(accountId);
    if (asked !== undefined && now - asked < GATEWAY_REFRESH_MS) return false;
    if (lastAsked.size >= 100_000) lastAsked.clear();
    lastAsked.set(accountId, now);
    return true;
  };
}

/** Link creators: one account per deal, opened from the accept page and connected once payouts work. */
function createDealOnboarding(
  { bus, run, gateway, clock }: BankOnboardingDeps,
  base: string,
) {
  return {
    async startDealOnboarding(
      dealId: number,
      token: string,
      ctx: CommandContext,
      given?: PayoutIdentity,
    ) {
      const streamId = dealAggregate.streamId(dealId);
      const guard = dealGuard.link(token);
      const state = await bus.load(dealAggregate, streamId);
      guard.authorize(state);
      const c = state.snapshot.context;
      const identity = checkedIdentity(given, clock, c.payoutIdentity);
      // Refuses now (not accepted, already connected) before any account is opened.
      decideDeal(
        {
          type: 'StartBankOnboarding',
          accountId: `${c.onboardingAccountId ?? ''}probe`,
        },
        state.snapshot,
        state.now,
      );
      const { accountId, url } = await accountLink(
        gateway,
        c.onboardingAccountId,
        {
          reference: streamId,
          email: null,
          metadata: { dealId: String(dealId), streamId },
        },
        {
          returnUrl: `${base}/accept/${token}?stripe_setup=success`,
          refreshUrl: `${base}/accept/${token}?stripe_setup=refresh`,
        },
      );
      const result = await run.deal(
        dealId,
        {
          type: 'StartBankOnboarding',
          accountId,
          ...(identity ? { identity } : {}),
        },
        ctx,
        guard,
      );
      return { url, position: result.position };
    },

    /** The return from onboarding (or a status check): connects the account once payouts work. */
    async syncDealBankAccount(
      dealId: number,
      ctx: CommandContext,
    ): Promise<DealResult | null> {
      const { snapshot } = await bus.load(
        dealAggregate,
        dealAggregate.streamId(dealId),
      );
      const accountId = snapshot.context.onboardingAccountId;
      if (snapshot.context.stripeAccountId !== null || accountId === null)
        return null;
      const status = await callGateway(() =>
        gateway.getAccountStatus(accountId),
      );
      if (!status.payoutsEnabled || !status.detailsSubmitted) return null;
      return run.deal(dealId, { type: 'ConnectBankAccount', accountId }, ctx, {
        dedupeKey: `connect:${accountId}`,
      });
    },
  };
}

/** Payment-request creators: one account per user, opened from the profile page. */
function createUserOnboarding(
  { bus, run, gateway, users, clock }: BankOnboardingDeps,
  base: string,
) {
  const dueForGateway = gatewayRefreshGate(clock);
  return {
    async startUserOnboarding(
      userId: string,
      ctx: CommandContext,
      given?: PayoutIdentity,
    ): Promise<{ url: string }> {
      const streamId = userAggregate.streamId(userId);
      const { snapshot, revision } = await bus.load(userAggregate, streamId);
      if (revision < 0) throw new DomainError('user_not_found');
      const identity = checkedIdentity(
        given,
        clock,
        snapshot.context.payoutIdentity,
      );
      const existing = snapshot.context.payoutAccountId;
      const email =
        (await users.emailOf(userId)) ?? (snapshot.context.email || null);
      const { accountId, url } = await accountLink(
        gateway,
        existing,
        { reference: streamId, email, metadata: { userId, streamId } },
        {
          returnUrl: `${base}/profile?stripe_setup=success`,
          refreshUrl: `${base}/profile?stripe_setup=refresh`,
        },
      );
      await run.user(
        userId,
        {
          type: 'LinkPayoutAccount',
          accountId,
          ...(identity ? { identity } : {}),
        },
        ctx,
      );
      return { url };
    },

    /**
     * `connected` once payouts are enabled, from the ledger (the account.updated webhook records
     * each change); at most once a minute per account it also asks the gateway and records a change
     * the webhook had missed, so the provider's rate limit is not anyone's to spend.
     */
    async userBankStatus(userId: string): Promise<BankStatus> {
      const streamId = userAggregate.streamId(userId);
      const { snapshot } = await bus.load(userAggregate, streamId);
      const { payoutAccountId: accountId } = snapshot.context;
      if (accountId === null) return 'not_connected';
      let { payoutsEnabled } = snapshot.context;
      if (!dueForGateway(accountId))
        return payoutsEnabled ? 'connected' : 'setup_incomplete';
      try {
        const live = await gateway.getAccountStatus(accountId);
        if (
          live.payoutsEnabled !== payoutsEnabled ||
          live.detailsSubmitted !== snapshot.context.detailsSubmitted
        ) {
          payoutsEnabled = live.payoutsEnabled;
          const status = { accountId, ...live };
          await run.user(
            userId,
            { type: 'RecordPayoutAccountStatus', status },
            system,
          );
        }
      } catch {
        // The gateway is unreachable: answer from what the events already say.
      }
      return payoutsEnabled ? 'connected' : 'setup_incomplete';
    },
  };
}

/**
 * Connect Express accounts for creators: per deal (link creators) or per user (payment requests).
 * Opening an account and its link moves no money; the gateway answers first, then a command
 * records the account (one per deal or user: the key is the stream's, so a second visit continues).
 */
export function createBankOnboarding(deps: BankOnboardingDeps) {
  const base = deps.config.publicUrl.replace(/\/$/, '');
  return {
    ...createDealOnboarding(deps, base),
    ...createUserOnboarding(deps, base),
  };
}
