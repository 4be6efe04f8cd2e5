import { dealAggregate, userAggregate } from '../commands/aggregate';
import type { CommandContext } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import type { BankStatus, DealResult } from './escrow.types';
import { asGatewayError, canTake, deterministicId, gatewayFailure, refusal, requireStream, type EscrowRuntime } from './escrow-support';

const system: CommandContext = { actor: { kind: 'system', id: 'escrow' } };

/** Connect Express accounts for creators: per deal (link creators) or per user (payment requests). */
export function createBankOnboarding(rt: EscrowRuntime) {
  const base = rt.config.publicUrl.replace(/\/$/, '');
  const gateway = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw gatewayFailure(asGatewayError(error));
    }
  };

  return {
    async startDealOnboarding(dealId: number, token: string, ctx: CommandContext): Promise<{ url: string }> {
      const streamId = dealAggregate.streamId(dealId);
      let url = '';
      await rt.bus.execute(
        dealAggregate,
        streamId,
        async ({ snapshot, revision, now }) => {
          requireStream(revision, 'Deal');
          const c = snapshot.context;
          if (c.shareableToken !== token) throw new DomainError('not_found', 'Deal not found');
          if (!canTake(snapshot, 'BankOnboardingStarted', { accountId: 'probe' }, now)) throw refusal(dealAggregate, snapshot, 'start bank setup');
          // One account per deal: a second visit continues the same onboarding.
          const accountId =
            c.onboardingAccountId ??
            (await gateway(() =>
              rt.gateway.createConnectedAccount({
                reference: streamId,
                email: null,
                idempotencyKey: `${streamId}:account`,
                metadata: { dealId: String(dealId), streamId },
              }),
            )).accountId;
          ({ url } = await gateway(() =>
            rt.gateway.createAccountLink({
              accountId,
              returnUrl: `${base}/accept/${token}?stripe_setup=success`,
              refreshUrl: `${base}/accept/${token}?stripe_setup=refresh`,
            }),
          ));
          return accountId === c.onboardingAccountId ? [] : [{ type: 'BankOnboardingStarted', data: { accountId } }];
        },
        ctx,
      );
      return { url };
    },

    /** The return from onboarding (or a status check): connects the account once payouts work. */
    syncDealBankAccount(dealId: number, ctx: CommandContext): Promise<DealResult> {
      return rt.bus.execute(
        dealAggregate,
        dealAggregate.streamId(dealId),
        async ({ snapshot, revision, now, streamId }) => {
          requireStream(revision, 'Deal');
          const accountId = snapshot.context.onboardingAccountId;
          if (snapshot.context.stripeAccountId !== null || accountId === null) return [];
          if (!canTake(snapshot, 'BankAccountConnected', { accountId }, now)) return [];
          const status = await gateway(() => rt.gateway.getAccountStatus(accountId));
          if (!status.payoutsEnabled || !status.detailsSubmitted) return [];
          return [{ type: 'BankAccountConnected', data: { accountId }, id: deterministicId(streamId, 'BankAccountConnected', accountId) }];
        },
        ctx,
      );
    },

    async startUserOnboarding(userId: string, ctx: CommandContext): Promise<{ url: string }> {
      const streamId = userAggregate.streamId(userId);
      let url = '';
      await rt.bus.execute(
        userAggregate,
        streamId,
        async ({ snapshot, revision }) => {
          requireStream(revision, 'User');
          const existing = snapshot.context.payoutAccountId;
          const email = (await rt.users.emailOf(userId)) ?? (snapshot.context.email || null);
          const accountId =
            existing ??
            (await gateway(() =>
              rt.gateway.createConnectedAccount({ reference: streamId, email, idempotencyKey: `${streamId}:account`, metadata: { userId, streamId } }),
            )).accountId;
          ({ url } = await gateway(() =>
            rt.gateway.createAccountLink({
              accountId,
              returnUrl: `${base}/profile?stripe_setup=success`,
              refreshUrl: `${base}/profile?stripe_setup=refresh`,
            }),
          ));
          return existing === accountId ? [] : [{ type: 'PayoutAccountLinked', data: { accountId } }];
        },
        ctx,
      );
      return { url };
    },

    /** 'Connected' once payouts are enabled; asks the gateway and records a change it had missed. */
    async userBankStatus(userId: string): Promise<BankStatus> {
      const streamId = userAggregate.streamId(userId);
      const { snapshot } = await rt.bus.load(userAggregate, streamId);
      const { payoutAccountId: accountId } = snapshot.context;
      if (accountId === null) return 'Not connected';
      let { payoutsEnabled, detailsSubmitted } = snapshot.context;
      try {
        const live = await rt.gateway.getAccountStatus(accountId);
        if (live.payoutsEnabled !== payoutsEnabled || live.detailsSubmitted !== detailsSubmitted) {
          ({ payoutsEnabled, detailsSubmitted } = live);
          await rt.bus.execute(userAggregate, streamId, () => [{ type: 'PayoutAccountStatusChanged', data: { accountId, ...live } }], system);
        }
      } catch {
        // The gateway is unreachable: answer from what the events already say.
      }
      return payoutsEnabled ? 'Connected' : 'Setup incomplete';
    },
  };
}
