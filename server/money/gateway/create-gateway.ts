import { join } from 'node:path';
import type { PaymentGateway, StripeApiAddress } from './payment-gateway';
import {
  createSimulatedGateway,
  type SimulatedGateway,
} from './simulated/simulated-gateway';
import { createStripeGateway } from './stripe/stripe-gateway';

export interface GatewayConfig {
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  publicUrl: string;
  stripeApi?: StripeApiAddress;
  /** The app's DATA_DIR: the simulated gateway keeps its records there (in memory when absent). */
  dataDir?: string;
  /** The app's clock, for the simulated gateway's record times. */
  now?: () => Date;
  /** The simulated gateway's file, shared by instances with separate data folders (default: in dataDir). */
  simulatedGatewayFile?: string;
}

/** What of the app's configuration (server/config.ts `loadConfig`) chooses and sets up the gateway. */
export interface GatewaySettings {
  publicUrl: string;
  dataDir: string;
  simulatedGatewayFile?: string | undefined;
  stripe: {
    secretKey?: string | undefined;
    webhookSecret?: string | undefined;
  };
}

/**
 * The gateway the configuration names, the same for the server and every command-line tool
 * (`npm run reconcile`): Stripe with STRIPE_SECRET_KEY, else the simulated gateway's file
 * (SIMULATED_GATEWAY_FILE, shared by instances, or DATA_DIR's).
 */
export function gatewayFromConfig(
  config: GatewaySettings,
  now?: () => Date,
): PaymentGateway {
  return createGateway({
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    ...(now ? { now } : {}),
    ...(config.simulatedGatewayFile
      ? { simulatedGatewayFile: config.simulatedGatewayFile }
      : {}),
    ...(config.stripe.secretKey
      ? { stripeSecretKey: config.stripe.secretKey }
      : {}),
    ...(config.stripe.webhookSecret
      ? { stripeWebhookSecret: config.stripe.webhookSecret }
      : {}),
  });
}

/** The simulated gateway's file inside DATA_DIR. */
export const SIMULATED_GATEWAY_FILE = 'simulated-gateway.sqlite';

/**
 * Stripe when STRIPE_SECRET_KEY is set, else the offline simulated gateway (whose webhook secret is
 * generated unless given). Nothing else in the app knows which one runs: check `gateway.mode`
 * only to decide whether to register the simulated gateway's /sim pages.
 */
export function createGateway(config: GatewayConfig): PaymentGateway {
  if (config.stripeSecretKey) {
    if (!config.stripeWebhookSecret) {
      // Without it no payment could ever be confirmed: fail at start, not at the first checkout.
      throw new Error(
        'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
      );
    }
    return createStripeGateway({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret,
      ...(config.stripeApi ? { api: config.stripeApi } : {}),
    });
  }
  return createSimulatedGateway({
    publicUrl: config.publicUrl,
    ...(config.stripeWebhookSecret
      ? { webhookSecret: config.stripeWebhookSecret }
      : {}),
    ...(config.simulatedGatewayFile
      ? { databasePath: config.simulatedGatewayFile }
      : config.dataDir
        ? { databasePath: join(config.dataDir, SIMULATED_GATEWAY_FILE) }
        : {}),
    ...(config.now ? { now: config.now } : {}),
  });
}

/** The offline simulated gateway (its /sim pages, its file, its test helpers), not Stripe. */
export const isSimulated = (
  gateway: PaymentGateway,
): gateway is SimulatedGateway => gateway.mode === 'simulated';
