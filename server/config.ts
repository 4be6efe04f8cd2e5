import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

/**
 * Configuration from the environment, validated once at start. Everything the composition root
 * needs comes from here, so a typo in an env var fails loudly instead of silently defaulting.
 */

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const positiveNumber = (fallback: number) =>
  z.coerce.number().positive().default(fallback);
const positiveInt = (fallback: number) =>
  z.coerce.number().int().positive().default(fallback);
const firstTryRange =
  'must be a whole number of milliseconds from 100 to 60000 (default 3000)';
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/** Whether Fastify's own parser (proxy-addr) takes the list: addresses, ranges, proxy-addr's names. */
const isProxyList = (list: string): boolean => {
  try {
    proxyAddr.compile(list.split(',').map((entry) => entry.trim()));
    return true;
  } catch {
    return false;
  }
};

/**
 * Which proxies may set X-Forwarded-For: none by default (a client could otherwise pick its own
 * IP and walk past every per-IP throttle). Their addresses or ranges; a hop count is refused, as
 * Fastify ignores it (it cannot tell a proxy from a client that sends its own header), which left
 * every client behind the proxy sharing the proxy's address in the throttles.
 */
const trustProxyField = z
  .string()
  .trim()
  .default('')
  .refine(
    (v) => v !== 'true',
    "TRUST_PROXY=true would trust anyone; give the proxies' addresses (e.g. 10.0.0.1 or 10.0.0.0/8)",
  )
  .refine(
    (v) => !/^[1-9]\d*$/.test(v),
    "TRUST_PROXY takes the proxies' addresses or ranges (e.g. 10.0.0.1,10.0.0.0/8 or loopback), not a hop count: a hop count cannot tell a proxy from a client",
  )
  .refine(
    (v) => ['', 'false', '0'].includes(v) || isProxyList(v),
    'TRUST_PROXY must list IP addresses or CIDR ranges (10.0.0.0/8, or with a netmask; or loopback, linklocal, uniquelocal), separated by commas',
  )
  .transform((v): string | false =>
    v === '' || v === 'false' || v === '0' ? false : v,
  );

/** The platform's details every fee invoice prints (ADR 0025). */
const INVOICE_SELLER_FIELDS = [
  'INVOICE_SELLER_NAME',
  'INVOICE_SELLER_ADDRESS',
  'INVOICE_SELLER_KVK',
  'INVOICE_SELLER_VAT_ID',
  'INVOICE_SELLER_IBAN',
] as const;

const configFields = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: optionalText,
  JWT_SECRET: optionalText,
  JWT_EXPIRES_IN_HOURS: positiveNumber(24 * 7),
  ADMIN_JWT_EXPIRES_IN_HOURS: positiveNumber(12),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText,
  KURRENTDB_URL: optionalText,
  DATABASE_URL: optionalText,
  KEY_STORE_URL: optionalText,
  REDIS_URL: optionalText,
  SIMULATED_GATEWAY_FILE: optionalText,
  DATABASE_START_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  REVIEW_PERIOD_HOURS: positiveNumber(48),
  DISPUTE_PERIOD_HOURS: positiveNumber(72),
  /** Admins are alerted when a deal's funds have been held this long (before the provider's limit on holding funds). */
  HOLD_AGE_ALERT_DAYS: positiveNumber(60),
  REQUEST_EXPIRY_DAYS: positiveNumber(30),
  CORS_ORIGIN: optionalText,
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024),
  /** A request's headers and body must arrive within this time (slow-body clients are cut off with 408). */
  REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(600_000)
    .default(30_000),
  MAX_CONNECTIONS_PER_ADDRESS: positiveInt(100),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_FAILURE_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  LOGIN_MAX_ACCOUNT_FAILURES: positiveInt(20),
  /** Past LOGIN_MAX_ACCOUNT_FAILURES, each attempt on the account waits this long, doubling per failure up to the max. */
  LOGIN_DELAY_BASE_MS: positiveInt(500),
  LOGIN_DELAY_MAX_MS: positiveInt(10_000),
  RESERVATION_RECLAIM_AFTER_MS: positiveInt(60_000),
  TRUST_PROXY: trustProxyField,
  SIMULATED_PAYMENTS: flag,
  API_DOCS: z.enum(['on', 'off', '']).optional(),
  RATE_LIMIT_AUTH_PER_IP: positiveInt(30),
  RATE_LIMIT_REGISTER_PER_IP: positiveInt(10),
  RATE_LIMIT_WRITES_PER_USER: positiveInt(120),
  RATE_LIMIT_COSTLY_PER_USER: positiveInt(20),
  RATE_LIMIT_ACCOUNT_STATUS_PER_USER: positiveInt(30),
  RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
  RATE_LIMIT_REQUESTS_PER_CREATOR: positiveInt(20),
  RATE_LIMIT_REQUESTS_PER_RECIPIENT: positiveInt(5),
  RATE_LIMIT_REQUESTS_WINDOW_MS: positiveInt(3_600_000),
  PUSH_SERVICE_HOSTS: z
    .string()
    .default(
      'fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,web.push.apple.com,notify.windows.com',
    )
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
    ),
  PUSH_MAX_SUBSCRIPTIONS: positiveInt(5),
  LIVE_MAX_PER_USER: positiveInt(10),
  LIVE_MAX_PER_LINK: positiveInt(10),
  LIVE_MAX_PER_ADDRESS: positiveInt(40),
  LIVE_MAX_TOTAL: positiveInt(1_000),
  /** Link streams (no sign-in) in all; unset: half of LIVE_MAX_TOTAL, the rest kept for signed-in streams. */
  LIVE_MAX_LINK_TOTAL: z.coerce.number().int().positive().optional(),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: z.string().default('mailto:support@example.com'),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Escrow <notifications@escrow.local>'),
  ADMIN_ALERT_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter((a) => a !== ''),
    )
    .pipe(
      z.array(
        z.email({
          error: 'ADMIN_ALERT_EMAILS must be comma-separated email addresses',
        }),
      ),
    ),
  RELEASE_REMINDER_HOURS: positiveNumber(12),
  HOLD_AGEING_HOURS: positiveNumber(72),
  // How long a notification's claimer has to report an outcome before another instance sends it,
  // and the wait before a failed attempt is tried again.
  NOTIFICATION_LEASE_SECONDS: positiveNumber(600),
  // Admins are alerted when this share of one channel's sends failed in a window (0 turns it off).
  NOTIFY_FAILURE_ALERT_RATE: z.coerce
    .number({ error: 'NOTIFY_FAILURE_ALERT_RATE must be a number from 0 to 1' })
    .min(0, 'NOTIFY_FAILURE_ALERT_RATE must be a number from 0 to 1')
    .max(1, 'NOTIFY_FAILURE_ALERT_RATE must be a number from 0 to 1')
    .default(0.25),
  NOTIFY_FAILURE_ALERT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(15 * 60_000),
  NOTIFY_FAILURE_ALERT_MIN_SENDS: positiveInt(10),
  RECONCILIATION_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(3),
  FISCAL_RETENTION_YEARS: z.coerce.number().int().min(1).max(30).default(7),
  // Backups hold the key table, erased keys included: none is kept longer (docs/privacy.md).
  BACKUP_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(35).default(35),
  // Admins are alerted once the oldest unanswered money intent is this old.
  INTENT_ALERT_MINUTES: positiveNumber(15),
  // How long the payments runner waits for an intent's first try before parking it (docs/payments.md).
  PAYMENTS_FIRST_TRY_MS: z.coerce
    .number({ error: firstTryRange })
    .int({ error: firstTryRange })
    .min(100, { error: firstTryRange })
    .max(60_000, { error: firstTryRange })
    .default(3_000),
  AI_BASE_URL: optionalText,
  AI_API_KEY: optionalText,
  AI_MODEL: z.string().default('gpt-4o-mini'),
  METRICS_TOKEN: optionalText,
  READY_MAX_LAG_EVENTS: z.coerce.number().int().min(0).default(1_000),
  INVOICE_SELLER_NAME: optionalText,
  INVOICE_SELLER_ADDRESS: optionalText,
  INVOICE_SELLER_COUNTRY: z
    .string()
    .regex(
      /^[A-Z]{2}$/,
      'INVOICE_SELLER_COUNTRY must be a two-letter country code',
    )
    .default('NL'),
  INVOICE_SELLER_KVK: optionalText,
  INVOICE_SELLER_VAT_ID: optionalText,
  INVOICE_SELLER_IBAN: optionalText,
  /** The VAT rate the fee includes where VAT is due, in basis points (2100 = 21 %; ADR 0025). */
  FEE_VAT_RATE_BPS: z.coerce.number().int().min(0).max(10_000).default(2_100),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info'),
});

type ConfigFields = z.infer<typeof configFields>;

/** What a production start cannot do without: a signing secret, its public address, real payments' keys and seller. */
function productionRequirements(env: ConfigFields, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['JWT_SECRET'],
      message: 'JWT_SECRET is required when NODE_ENV=production',
    });
  }
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message:
        'PUBLIC_URL is required when NODE_ENV=production (links, redirects, HSTS)',
    });
  }
  if (
    env.NODE_ENV === 'production' &&
    !env.STRIPE_SECRET_KEY &&
    !env.SIMULATED_PAYMENTS
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message:
        'STRIPE_SECRET_KEY is required when NODE_ENV=production; set SIMULATED_PAYMENTS=true to run on test money on purpose',
    });
  }
  if (env.NODE_ENV === 'production' && env.STRIPE_SECRET_KEY) {
    for (const name of INVOICE_SELLER_FIELDS)
      if (!env[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is required when NODE_ENV=production with real payments: every fee invoice names the platform's name, address, chamber of commerce number, VAT id and bank account`,
        });
  }
}

/** Settings that contradict each other or are malformed, in any environment. */
function consistencyRules(env: ConfigFields, ctx: z.RefinementCtx): void {
  if (env.STRIPE_SECRET_KEY && env.SIMULATED_PAYMENTS) {
    ctx.addIssue({
      code: 'custom',
      path: ['SIMULATED_PAYMENTS'],
      message:
        'SIMULATED_PAYMENTS=true cannot be combined with STRIPE_SECRET_KEY',
    });
  }
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//i.test(env.DATABASE_URL)) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_URL'],
      message:
        'DATABASE_URL must be a postgres:// (or postgresql://) connection string',
    });
  }
  if (env.DATABASE_URL && env.KURRENTDB_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_URL'],
      message:
        'DATABASE_URL and KURRENTDB_URL name two event stores: set one of them',
    });
  }
  if (env.REDIS_URL && !/^rediss?:\/\//i.test(env.REDIS_URL)) {
    ctx.addIssue({
      code: 'custom',
      path: ['REDIS_URL'],
      message: 'REDIS_URL must be a redis:// (or rediss://) URL',
    });
  }
  if (env.JWT_SECRET && env.JWT_SECRET.length < 32) {
    ctx.addIssue({
      code: 'custom',
      path: ['JWT_SECRET'],
      message: 'JWT_SECRET must be at least 32 characters',
    });
  }
  if (env.METRICS_TOKEN && env.METRICS_TOKEN.length < 16) {
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS_TOKEN'],
      message: 'METRICS_TOKEN must be at least 16 characters',
    });
  }
}

export const configSchema = configFields.superRefine((env, ctx) => {
  productionRequirements(env, ctx);
  consistencyRules(env, ctx);
});

export type Env = z.infer<typeof configSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  jwtSecret: string | undefined;
  jwtExpiresInHours: number;
  adminJwtExpiresInHours: number;
  adminBootstrap: { username: string; password: string } | null;
  kurrentUrl: string | undefined;
  /** `KEY_STORE_URL` (postgres://…): where KurrentDB's personal-data keys live; else `<dataDir>/keys.db`. */
  keyStoreUrl: string | undefined;
  /** `DATABASE_URL`: the PostgreSQL event store (and, with it, shared idempotency records and rate-limit counters). */
  databaseUrl: string | undefined;
  /** How long start-up waits for an unreachable PostgreSQL server (it may be starting). */
  databaseStartTimeoutMs: number;
  /** `REDIS_URL`: rate-limit counters and idempotency records in Redis instead. */
  redisUrl: string | undefined;
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    publishableKey: string | undefined;
  };
  reviewPeriodHours: number;
  disputePeriodHours: number;
  holdAgeAlertDays: number;
  requestExpiryDays: number;
  corsOrigin: string | undefined;
  bodyLimitBytes: number;
  /** How long a request's headers and body may take to arrive; open connections per client address. */
  connections: { requestTimeoutMs: number; maxPerAddress: number };
  login: {
    maxFailures: number;
    windowMs: number;
    maxAccountFailures: number;
    baseDelayMs: number;
    maxDelayMs: number;
  };
  /** An email/username reservation whose account never got recorded (a crash) is reclaimed after this. */
  reservationReclaimAfterMs: number;
  /** Fastify `trustProxy`: false or the proxies' addresses and ranges (TRUST_PROXY). */
  trustProxy: string | false;
  /**
   * The simulated gateway's file (default `<DATA_DIR>/simulated-gateway.sqlite`): instances on one
   * machine with their own DATA_DIRs point here at one file, so they see one "Stripe account".
   */
  simulatedGatewayFile: string | undefined;
  /** Payments run on the simulated gateway (no Stripe key): test money, shown as such in the web app. */
  simulatedPayments: boolean;
  /** Serve /api/docs (default: outside production only). */
  apiDocs: boolean;
  rateLimits: {
    authPerIp: number;
    registerPerIp: number;
    writesPerUser: number;
    costlyPerUser: number;
    accountStatusPerUser: number;
    windowMs: number;
    /** Payment requests (each one e-mails its brand) per creator and per brand address, per `requestsWindowMs`. */
    requestsPerCreator: number;
    requestsPerRecipient: number;
    requestsWindowMs: number;
  };
  push: { allowedHosts: string[]; maxSubscriptions: number };
  /** Open event streams: per user or admin account (several tabs), per deal or request link, per address, and in all. */
  live: {
    maxPerUser: number;
    maxPerLink: number;
    maxPerAddress: number;
    maxTotal: number;
    maxLinkTotal: number;
  };
  vapid: {
    publicKey: string | undefined;
    privateKey: string | undefined;
    subject: string;
  };
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
  };
  /** Without `smtpUrl`, mail is written to `<dataDir>/mail/*.eml` and shown on a test-mode page. */
  /** The UTC hour from which the daily reconciliation with the gateway runs. */
  reconciliationHourUtc: number;
  /** Fiscal keys are erased this many years after the end of the year of a person's last money movement. */
  fiscalRetentionYears: number;
  /** `BACKUP_MAX_AGE_DAYS`: `npm run backup` deletes its own backups older than this (at most 35). */
  backupMaxAgeDays: number;
  /** `INTENT_ALERT_MINUTES`: the age of the oldest unanswered money intent past which admins are alerted. */
  intentAlertMinutes: number;
  /**
   * `PAYMENTS_FIRST_TRY_MS`: how long the payments runner waits for an intent's first try; a
   * provider call still running then is parked and the other deals' and requests' intents go on.
   */
  paymentsFirstTryMs: number;
  notifications: {
    smtpUrl: string | undefined;
    mailFrom: string;
    adminEmails: string[];
    releaseReminderHours: number;
    holdAgeingHours: number;
    leaseMs: number;
    /** NOTIFY_FAILURE_ALERT_*: when too many sends of one channel fail, the admins are alerted. */
    failureAlert: { rate: number; windowMs: number; minSends: number };
  };
  /**
   * The platform as seller on its fee invoices, and the VAT rate its fee includes. Outside
   * production with real payments, unset fields print as test-mode placeholders.
   */
  invoices: {
    seller: {
      name: string;
      address: string;
      country: string;
      kvk: string;
      vatId: string;
      iban: string;
    };
    vatRateBps: number;
  };
  logLevel: Env['LOG_LEVEL'];
  /** /metrics bearer token (unset: /metrics is off); readiness's tolerated lag after the first catch-up. */
  ops: { metricsToken: string | undefined; readyMaxLagEvents: number };
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The caps that keep one client from wearing the service down: logins, write rates, push subscriptions, live streams. */
function abuseLimits(
  e: Env,
): Pick<AppConfig, 'login' | 'rateLimits' | 'push' | 'live'> {
  return {
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      windowMs: e.LOGIN_FAILURE_WINDOW_MS,
      maxAccountFailures: e.LOGIN_MAX_ACCOUNT_FAILURES,
      baseDelayMs: e.LOGIN_DELAY_BASE_MS,
      maxDelayMs: e.LOGIN_DELAY_MAX_MS,
    },
    rateLimits: {
      authPerIp: e.RATE_LIMIT_AUTH_PER_IP,
      registerPerIp: e.RATE_LIMIT_REGISTER_PER_IP,
      writesPerUser: e.RATE_LIMIT_WRITES_PER_USER,
      costlyPerUser: e.RATE_LIMIT_COSTLY_PER_USER,
      accountStatusPerUser: e.RATE_LIMIT_ACCOUNT_STATUS_PER_USER,
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      requestsPerCreator: e.RATE_LIMIT_REQUESTS_PER_CREATOR,
      requestsPerRecipient: e.RATE_LIMIT_REQUESTS_PER_RECIPIENT,
      requestsWindowMs: e.RATE_LIMIT_REQUESTS_WINDOW_MS,
    },
    push: {
      allowedHosts: e.PUSH_SERVICE_HOSTS,
      maxSubscriptions: e.PUSH_MAX_SUBSCRIPTIONS,
    },
    live: {
      maxPerUser: e.LIVE_MAX_PER_USER,
      maxPerLink: e.LIVE_MAX_PER_LINK,
      maxPerAddress: e.LIVE_MAX_PER_ADDRESS,
      maxTotal: e.LIVE_MAX_TOTAL,
      maxLinkTotal: Math.min(
        e.LIVE_MAX_TOTAL,
        e.LIVE_MAX_LINK_TOTAL ?? Math.max(1, Math.floor(e.LIVE_MAX_TOTAL / 2)),
      ),
    },
  };
}

const failureAlertOf = (
  e: Env,
): AppConfig['notifications']['failureAlert'] => ({
  rate: e.NOTIFY_FAILURE_ALERT_RATE,
  windowMs: e.NOTIFY_FAILURE_ALERT_WINDOW_MS,
  minSends: e.NOTIFY_FAILURE_ALERT_MIN_SENDS,
});

function notificationsOf(e: Env): AppConfig['notifications'] {
  return {
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_ALERT_EMAILS,
    releaseReminderHours: e.RELEASE_REMINDER_HOURS,
    holdAgeingHours: e.HOLD_AGEING_HOURS,
    leaseMs: e.NOTIFICATION_LEASE_SECONDS * 1_000,
    failureAlert: failureAlertOf(e),
  };
}

/** The seller every fee invoice names; test-mode placeholders where none is set (production requires them with real payments). */
function invoicesOf(e: Env): AppConfig['invoices'] {
  return {
    seller: {
      name: e.INVOICE_SELLER_NAME ?? 'Escrow Deals (test mode)',
      address: e.INVOICE_SELLER_ADDRESS ?? 'Test address',
      country: e.INVOICE_SELLER_COUNTRY,
      kvk: e.INVOICE_SELLER_KVK ?? '00000000',
      vatId: e.INVOICE_SELLER_VAT_ID ?? 'NL000000000B00',
      iban: e.INVOICE_SELLER_IBAN ?? 'NL00TEST0000000000',
    },
    vatRateBps: e.FEE_VAT_RATE_BPS,
  };
}

/** Parses the environment; throws a ConfigError listing every problem. */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
): AppConfig {
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `${i.path.join('.') || '(env)'}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(
      /\/+$/,
      '',
    ),
    jwtSecret: e.JWT_SECRET,
    jwtExpiresInHours: e.JWT_EXPIRES_IN_HOURS,
    adminJwtExpiresInHours: e.ADMIN_JWT_EXPIRES_IN_HOURS,
    adminBootstrap:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : null,
    kurrentUrl: e.KURRENTDB_URL,
    keyStoreUrl: e.KEY_STORE_URL,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    databaseStartTimeoutMs: e.DATABASE_START_TIMEOUT_MS,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    },
    reviewPeriodHours: e.REVIEW_PERIOD_HOURS,
    disputePeriodHours: e.DISPUTE_PERIOD_HOURS,
    holdAgeAlertDays: e.HOLD_AGE_ALERT_DAYS,
    requestExpiryDays: e.REQUEST_EXPIRY_DAYS,
    corsOrigin: e.CORS_ORIGIN,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    connections: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      maxPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    },
    ...abuseLimits(e),
    reservationReclaimAfterMs: e.RESERVATION_RECLAIM_AFTER_MS,
    trustProxy: e.TRUST_PROXY,
    simulatedGatewayFile: e.SIMULATED_GATEWAY_FILE,
    simulatedPayments: !e.STRIPE_SECRET_KEY,
    apiDocs: e.API_DOCS ? e.API_DOCS === 'on' : e.NODE_ENV !== 'production',
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
    },
    ai: { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL },
    reconciliationHourUtc: e.RECONCILIATION_HOUR_UTC,
    fiscalRetentionYears: e.FISCAL_RETENTION_YEARS,
    backupMaxAgeDays: e.BACKUP_MAX_AGE_DAYS,
    intentAlertMinutes: e.INTENT_ALERT_MINUTES,
    paymentsFirstTryMs: e.PAYMENTS_FIRST_TRY_MS,
    notifications: notificationsOf(e),
    invoices: invoicesOf(e),
    logLevel: e.LOG_LEVEL,
    ops: {
      metricsToken: e.METRICS_TOKEN,
      readyMaxLagEvents: e.READY_MAX_LAG_EVENTS,
    },
  };
}
