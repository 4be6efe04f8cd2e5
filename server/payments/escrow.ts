import type { CommandBus } from '../commands/command-bus';
import type { Clock } from '../shared/clock';
import { createBankOnboarding } from './bank-onboarding';
import { createCheckout } from './checkout';
import { createRequestPayouts } from './complete-payment-request';
import { createDealLifecycle } from './deal-lifecycle';
import { createKeyedLock, type EscrowRuntime } from './escrow-support';
import type { Escrow, EscrowConfig } from './escrow.types';
import type { PaymentGateway } from './gateway/payment-gateway';
import { createRefundDeal } from './refund-deal';
import { createReleaseFunds } from './release-funds';
import { createWebhookHandler } from './webhook-handler';

export interface EscrowDeps {
  bus: CommandBus;
  clock: Clock;
  gateway: PaymentGateway;
  config: EscrowConfig;
  /** The email a connected account is opened with (payment-request creators). */
  users: { emailOf(userId: string): Promise<string | null> };
}

/**
 * The escrow: every command that moves money or starts, pauses or ends a timer. Routes, the webhook
 * route and the timer reactor all call these, so each movement has one code path and one key.
 */
export function createEscrow(deps: EscrowDeps): Escrow {
  const rt: EscrowRuntime = { ...deps, lock: createKeyedLock() };
  const checkout = createCheckout(rt);
  const onboarding = createBankOnboarding(rt);
  const lifecycle = createDealLifecycle(rt);
  const payouts = createRequestPayouts(rt);
  return {
    gateway: deps.gateway,
    startDealCheckout: checkout.startDealCheckout,
    startRequestCheckout: checkout.startRequestCheckout,
    startDealOnboarding: onboarding.startDealOnboarding,
    syncDealBankAccount: onboarding.syncDealBankAccount,
    startUserOnboarding: onboarding.startUserOnboarding,
    userBankStatus: onboarding.userBankStatus,
    deliver: lifecycle.deliver,
    openDispute: lifecycle.openDispute,
    releaseFunds: createReleaseFunds(rt),
    manualComplete: lifecycle.manualComplete,
    hold: lifecycle.hold,
    resume: lifecycle.resume,
    refund: createRefundDeal(rt),
    completePaymentRequest: payouts.completePaymentRequest,
    payDeferredPayout: payouts.payDeferredPayout,
    releaseRequestHold: payouts.releaseRequestHold,
    handleWebhook: createWebhookHandler(rt),
  };
}
