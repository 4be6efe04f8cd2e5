import type { CommandBus } from '../commands/command-bus';
import type { CommandRunner } from '../commands/run-command';
import type { Clock } from '../shared/clock';
import { createBankOnboarding } from './bank-onboarding';
import { createCheckout } from './checkout';
import type { Escrow, EscrowConfig } from './escrow.types';
import type { PaymentGateway } from './gateway/payment-gateway';
import { createWebhookHandler } from './webhook-handler';

export interface EscrowDeps {
  bus: CommandBus;
  run: CommandRunner;
  clock: Clock;
  gateway: PaymentGateway;
  config: EscrowConfig;
  /** The email a connected account is opened with (payment-request creators). */
  users: { emailOf(userId: string): Promise<string | null> };
}

/** The payment flows that talk to the gateway before a command (URLs users are sent to) and the webhooks. */
export function createEscrow(deps: EscrowDeps): Escrow {
  const checkout = createCheckout(deps);
  const onboarding = createBankOnboarding(deps);
  return {
    gateway: deps.gateway,
    startDealCheckout: checkout.startDealCheckout,
    startRequestCheckout: checkout.startRequestCheckout,
    startDealOnboarding: onboarding.startDealOnboarding,
    syncDealBankAccount: onboarding.syncDealBankAccount,
    startUserOnboarding: onboarding.startUserOnboarding,
    userBankStatus: onboarding.userBankStatus,
    handleWebhook: createWebhookHandler(deps),
  };
}
