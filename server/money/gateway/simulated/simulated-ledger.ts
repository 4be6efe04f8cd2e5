import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  GatewayError,
  type CheckoutInput,
  type ConnectedAccountInput,
  type RefundInput,
  type TransferInput,
} from '../payment-gateway';

/**
 * What the simulated "Stripe" remembers: its own objects and the first result of every
 * idempotency key, in a SQLite file (`DATA_DIR/simulated-gateway.sqlite`) so that in-flight deals
 * survive a restart and several app instances on one DATA_DIR see the same gateway, as they would
 * see one Stripe account. Every write runs in an IMMEDIATE transaction: two processes calling with
 * the same key serialise on the write lock and the second gets the first one's result.
 * `:memory:` (the default) gives unit tests a private gateway through the same code.
 */

export interface SimulatedSession {
  id: string;
  url: string;
  input: CheckoutInput;
  totalCents: number;
  metadata: Record<string, string>;
  status: 'open' | 'complete' | 'expired';
  method: 'card' | 'ideal' | null;
  paymentIntentId: string;
  chargeId: string | null;
  /** When it was paid (the app's clock), null while unpaid. */
  chargedAt: string | null;
}

export interface SimulatedAccount {
  id: string;
  reference: string;
  email: string | null;
  metadata: Record<string, string>;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  returnUrl: string | null;
  refreshUrl: string | null;
}

export interface SimulatedTransfer {
  id: string;
  amountCents: number;
  destination: string;
  transferGroup: string;
  sourceTransaction: string | null;
  idempotencyKey: string;
  reversed: boolean;
  createdAt: string | null;
}

export interface SimulatedRefund {
  id: string;
  chargeId: string | null;
  paymentIntentId: string | null;
  amountCents: number;
  transferGroup: string;
  transferReversalId: string | null;
  idempotencyKey: string;
  createdAt: string | null;
}

/** A transfer reversal: the creator's transfer taken back (before a refund, or on its own). */
export interface SimulatedReversal {
  id: string;
  transferId: string;
  amountCents: number;
  transferGroup: string;
  createdAt: string;
}

/** A card chargeback the simulated issuer opened. */
export interface SimulatedDispute {
  id: string;
  chargeId: string;
  paymentIntentId: string;
  amountCents: number;
  reason: string;
  createdAt: string;
}

/** Read-only, Map-like view of a table: always the rows as they are in the file now. */
export interface RecordView<T> {
  get(id: string): T | undefined;
  has(id: string): boolean;
  values(): T[];
}

export interface SimulatedLedgerOptions {
  publicUrl: string;
  /** The SQLite file; created (mode 0600) with its folder if missing. Default `:memory:`. */
  path?: string;
  /** When things happen (the app's clock), so its records and the ledger's events share one time line. */
  now?: () => Date;
}

const newId = (prefix: string) =>
  `${prefix}_sim_${randomBytes(10).toString('hex')}`;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS sim_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS sim_sessions (
    id TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    input TEXT NOT NULL,
    total_cents INTEGER NOT NULL,
    metadata TEXT NOT NULL,
    status TEXT NOT NULL,
    method TEXT,
    payment_intent_id TEXT NOT NULL UNIQUE,
    charge_id TEXT UNIQUE,
    charged_at TEXT
  );
  CREATE TABLE IF NOT EXISTS sim_accounts (
    id TEXT PRIMARY KEY,
    reference TEXT NOT NULL,
    email TEXT,
    metadata TEXT NOT NULL,
    payouts_enabled INTEGER NOT NULL,
    details_submitted INTEGER NOT NULL,
    return_url TEXT,
    refresh_url TEXT
  );
  CREATE TABLE IF NOT EXISTS sim_transfers (
    id TEXT PRIMARY KEY,
    amount_cents INTEGER NOT NULL,
    destination TEXT NOT NULL,
    transfer_group TEXT NOT NULL,
    source_transaction TEXT,
    idempotency_key TEXT NOT NULL,
    reversed INTEGER NOT NULL,
    created_at TEXT
  );
  CREATE INDEX IF NOT EXISTS sim_transfers_group ON sim_transfers (transfer_group);
  CREATE TABLE IF NOT EXISTS sim_refunds (
    id TEXT PRIMARY KEY,
    charge_id TEXT,
    payment_intent_id TEXT,
    amount_cents INTEGER NOT NULL,
    transfer_group TEXT NOT NULL,
    transfer_reversal_id TEXT,
    idempotency_key TEXT NOT NULL,
    created_at TEXT
  );
  CREATE INDEX IF NOT EXISTS sim_refunds_group ON sim_refunds (transfer_group);
  CREATE INDEX IF NOT EXISTS sim_refunds_charge ON sim_refunds (charge_id);
  CREATE TABLE IF NOT EXISTS sim_reversals (
    id TEXT PRIMARY KEY,
    transfer_id TEXT NOT NULL,
    amount_cents INTEGER NOT NULL,
    transfer_group TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS sim_disputes (
    id TEXT PRIMARY KEY,
    charge_id TEXT NOT NULL,
    payment_intent_id TEXT NOT NULL,
    amount_cents INTEGER NOT NULL,
    reason TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  -- A dispute's outcome (charge.dispute.closed): won or lost, once.
  CREATE TABLE IF NOT EXISTS sim_dispute_outcomes (
    dispute_id TEXT PRIMARY KEY,
    outcome TEXT NOT NULL,
    closed_at TEXT NOT NULL
  );
  -- The first result of each Idempotency-Key (scoped by operation), as Stripe keeps it.
  CREATE TABLE IF NOT EXISTS sim_idempotency (key TEXT PRIMARY KEY, result TEXT NOT NULL);
`;

interface SessionRow {
  id: string;
  url: string;
  input: string;
  total_cents: number;
  metadata: string;
  status: SimulatedSession['status'];
  method: SimulatedSession['method'];
  payment_intent_id: string;
  charge_id: string | null;
  charged_at: string | null;
}
interface AccountRow {
  id: string;
  reference: string;
  email: string | null;
  metadata: string;
  payouts_enabled: number;
  details_submitted: number;
  return_url: string | null;
  refresh_url: string | null;
}
interface TransferRow {
  id: string;
  amount_cents: number;
  destination: string;
  transfer_group: string;
  source_transaction: string | null;
  idempotency_key: string;
  reversed: number;
  created_at: string | null;
}
interface RefundRow {
  id: string;
  charge_id: string | null;
  payment_intent_id: string | null;
  amount_cents: number;
  transfer_group: string;
  transfer_reversal_id: string | null;
  idempotency_key: string;
  created_at: string | null;
}
interface ReversalRow {
  id: string;
  transfer_id: string;
  amount_cents: number;
  transfer_group: string;
  created_at: string;
}
interface DisputeRow {
  id: string;
  charge_id: string;
  payment_intent_id: string;
  amount_cents: number;
  reason: string;
  created_at: string;
}

const toSession = (r: SessionRow): SimulatedSession => ({
  id: r.id,
  url: r.url,
  input: JSON.parse(r.input) as CheckoutInput,
  totalCents: r.total_cents,
  metadata: JSON.parse(r.metadata) as Record<string, string>,
  status: r.status,
  method: r.method,
  paymentIntentId: r.payment_intent_id,
  chargeId: r.charge_id,
  chargedAt: r.charged_at,
});
const toAccount = (r: AccountRow): SimulatedAccount => ({
  id: r.id,
  reference: r.reference,
  email: r.email,
  metadata: JSON.parse(r.metadata) as Record<string, string>,
  payoutsEnabled: r.payouts_enabled === 1,
  detailsSubmitted: r.details_submitted === 1,
  returnUrl: r.return_url,
  refreshUrl: r.refresh_url,
});
const toTransfer = (r: TransferRow): SimulatedTransfer => ({
  id: r.id,
  amountCents: r.amount_cents,
  destination: r.destination,
  transferGroup: r.transfer_group,
  sourceTransaction: r.source_transaction,
  idempotencyKey: r.idempotency_key,
  reversed: r.reversed === 1,
  createdAt: r.created_at,
});
const toRefund = (r: RefundRow): SimulatedRefund => ({
  id: r.id,
  chargeId: r.charge_id,
  paymentIntentId: r.payment_intent_id,
  amountCents: r.amount_cents,
  transferGroup: r.transfer_group,
  transferReversalId: r.transfer_reversal_id,
  idempotencyKey: r.idempotency_key,
  createdAt: r.created_at,
});
const toReversal = (r: ReversalRow): SimulatedReversal => ({
  id: r.id,
  transferId: r.transfer_id,
  amountCents: r.amount_cents,
  transferGroup: r.transfer_group,
  createdAt: r.created_at,
});
const toDispute = (r: DisputeRow): SimulatedDispute => ({
  id: r.id,
  chargeId: r.charge_id,
  paymentIntentId: r.payment_intent_id,
  amountCents: r.amount_cents,
  reason: r.reason,
  createdAt: r.created_at,
});

/** Opens (creating if needed) the gateway's file: WAL, every commit synced, readable by the owner only. */
function openDatabase(path: string): Database.Database {
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true });
    // Create it 0600 before SQLite does (SQLite would use the umask); its -wal/-shm files copy this mode.
    closeSync(openSync(path, 'a', 0o600));
    chmodSync(path, 0o600);
  }
  const db = new Database(path, { timeout: 10_000 });
  db.pragma('journal_mode = WAL');
  // Records of money moved: a commit must be on disk before the caller is told it happened.
  db.pragma('synchronous = FULL');
  db.exec(SCHEMA);
  // Files written before the gateway kept times get the columns (their old rows stay without one).
  for (const [table, column] of [
    ['sim_sessions', 'charged_at'],
    ['sim_transfers', 'created_at'],
    ['sim_refunds', 'created_at'],
  ] as const) {
    const columns = db
      .prepare<[], { name: string }>(`PRAGMA table_info(${table})`)
      .all();
    if (!columns.some((c) => c.name === column))
      db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} TEXT`);
  }
  return db;
}

/** The statements of the sessions table. */
function sessionQueries(db: Database.Database) {
  return {
    session: db.prepare<[string], SessionRow>(
      'SELECT * FROM sim_sessions WHERE id = ?',
    ),
    sessions: db.prepare<[], SessionRow>(
      'SELECT * FROM sim_sessions ORDER BY rowid',
    ),
    sessionOfIntent: db.prepare<[string], SessionRow>(
      'SELECT * FROM sim_sessions WHERE payment_intent_id = ?',
    ),
    sessionOfCharge: db.prepare<[string], SessionRow>(
      'SELECT * FROM sim_sessions WHERE charge_id = ?',
    ),
    insertSession: db.prepare(
      `INSERT INTO sim_sessions (id, url, input, total_cents, metadata, status, method, payment_intent_id, charge_id)
       VALUES (@id, @url, @input, @total_cents, @metadata, @status, @method, @payment_intent_id, @charge_id)`,
    ),
    chargeSession: db.prepare<[string, string, string, string]>(
      `UPDATE sim_sessions SET status = 'complete', method = ?, charge_id = COALESCE(charge_id, ?), charged_at = COALESCE(charged_at, ?) WHERE id = ?`,
    ),
    setSessionStatus: db.prepare<[string, string]>(
      'UPDATE sim_sessions SET status = ? WHERE id = ?',
    ),
    expireSession: db.prepare<[string]>(
      `UPDATE sim_sessions SET status = 'expired' WHERE id = ? AND status = 'open'`,
    ),
  };
}

function accountQueries(db: Database.Database) {
  return {
    account: db.prepare<[string], AccountRow>(
      'SELECT * FROM sim_accounts WHERE id = ?',
    ),
    accounts: db.prepare<[], AccountRow>(
      'SELECT * FROM sim_accounts ORDER BY rowid',
    ),
    insertAccount: db.prepare(
      `INSERT INTO sim_accounts (id, reference, email, metadata, payouts_enabled, details_submitted, return_url, refresh_url)
       VALUES (@id, @reference, @email, @metadata, 0, 0, NULL, NULL)`,
    ),
    setAccountLinks: db.prepare<[string, string, string]>(
      'UPDATE sim_accounts SET return_url = ?, refresh_url = ? WHERE id = ?',
    ),
    enablePayouts: db.prepare<[string]>(
      'UPDATE sim_accounts SET payouts_enabled = 1, details_submitted = 1 WHERE id = ?',
    ),
  };
}

/** The statements of what moved: transfers, refunds, reversals and chargebacks. */
function moneyQueries(db: Database.Database) {
  return {
    transfer: db.prepare<[string], TransferRow>(
      'SELECT * FROM sim_transfers WHERE id = ?',
    ),
    transfers: db.prepare<[], TransferRow>(
      'SELECT * FROM sim_transfers ORDER BY rowid',
    ),
    transfersOfGroup: db.prepare<[string], TransferRow>(
      'SELECT * FROM sim_transfers WHERE transfer_group = ? ORDER BY rowid',
    ),
    liveTransferOfGroup: db.prepare<[string], TransferRow>(
      'SELECT * FROM sim_transfers WHERE transfer_group = ? AND reversed = 0 ORDER BY rowid',
    ),
    insertTransfer: db.prepare(
      `INSERT INTO sim_transfers (id, amount_cents, destination, transfer_group, source_transaction, idempotency_key, reversed, created_at)
       VALUES (@id, @amount_cents, @destination, @transfer_group, @source_transaction, @idempotency_key, 0, @created_at)`,
    ),
    reverseTransfer: db.prepare<[string]>(
      'UPDATE sim_transfers SET reversed = 1 WHERE id = ?',
    ),

    refund: db.prepare<[string], RefundRow>(
      'SELECT * FROM sim_refunds WHERE id = ?',
    ),
    refunds: db.prepare<[], RefundRow>(
      'SELECT * FROM sim_refunds ORDER BY rowid',
    ),
    refundsOfGroup: db.prepare<[string], RefundRow>(
      'SELECT * FROM sim_refunds WHERE transfer_group = ? ORDER BY rowid',
    ),
    refundedOfCharge: db.prepare<[string], { cents: number }>(
      'SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM sim_refunds WHERE charge_id = ?',
    ),
    insertRefund: db.prepare(
      `INSERT INTO sim_refunds (id, charge_id, payment_intent_id, amount_cents, transfer_group, transfer_reversal_id, idempotency_key, created_at)
       VALUES (@id, @charge_id, @payment_intent_id, @amount_cents, @transfer_group, @transfer_reversal_id, @idempotency_key, @created_at)`,
    ),
    reversals: db.prepare<[], ReversalRow>(
      'SELECT * FROM sim_reversals ORDER BY rowid',
    ),
    insertReversal: db.prepare(
      `INSERT INTO sim_reversals (id, transfer_id, amount_cents, transfer_group, created_at)
       VALUES (@id, @transfer_id, @amount_cents, @transfer_group, @created_at)`,
    ),
    disputes: db.prepare<[], DisputeRow>(
      'SELECT * FROM sim_disputes ORDER BY rowid',
    ),
    insertDispute: db.prepare(
      `INSERT INTO sim_disputes (id, charge_id, payment_intent_id, amount_cents, reason, created_at)
       VALUES (@id, @charge_id, @payment_intent_id, @amount_cents, @reason, @created_at)`,
    ),
    dispute: db.prepare<[string], DisputeRow>(
      'SELECT * FROM sim_disputes WHERE id = ?',
    ),
    disputedOfCharge: db.prepare<[string], { cents: number }>(
      'SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM sim_disputes WHERE charge_id = ?',
    ),
    openDisputeOfCharge: db.prepare<[string], { id: string }>(
      `SELECT d.id FROM sim_disputes d
       LEFT JOIN sim_dispute_outcomes o ON o.dispute_id = d.id
       WHERE d.charge_id = ? AND o.dispute_id IS NULL LIMIT 1`,
    ),
    disputeOutcome: db.prepare<[string], { outcome: 'won' | 'lost' }>(
      'SELECT outcome FROM sim_dispute_outcomes WHERE dispute_id = ?',
    ),
    insertDisputeOutcome: db.prepare(
      'INSERT INTO sim_dispute_outcomes (dispute_id, outcome, closed_at) VALUES (?, ?, ?)',
    ),
  };
}

function prepareQueries(db: Database.Database) {
  return {
    metaGet: db.prepare<[string], { value: string }>(
      'SELECT value FROM sim_meta WHERE key = ?',
    ),
    metaPut: db.prepare<[string, string]>(
      'INSERT OR IGNORE INTO sim_meta (key, value) VALUES (?, ?)',
    ),
    keyGet: db.prepare<[string], { result: string }>(
      'SELECT result FROM sim_idempotency WHERE key = ?',
    ),
    keyPut: db.prepare<[string, string]>(
      'INSERT INTO sim_idempotency (key, result) VALUES (?, ?)',
    ),
    ...sessionQueries(db),
    ...accountQueries(db),
    ...moneyQueries(db),
  };
}

/** What the ledger's operations share: the open file, its statements and the clock. */
interface LedgerCore {
  db: Database.Database;
  q: ReturnType<typeof prepareQueries>;
  nowIso: () => string;
  publicUrl: string;
}

const getSession = ({ q }: LedgerCore, id: string) => {
  const row = q.session.get(id);
  return row ? toSession(row) : undefined;
};
const getAccount = ({ q }: LedgerCore, id: string) => {
  const row = q.account.get(id);
  return row ? toAccount(row) : undefined;
};
const findIntent = ({ q }: LedgerCore, paymentIntentId: string) => {
  const row = q.sessionOfIntent.get(paymentIntentId);
  return row ? toSession(row) : undefined;
};

/**
 * Stripe answers a repeated Idempotency-Key with the first result; so does the simulation, also
 * after a restart and from another process. `make` writes its records and returns what to
 * remember; a thrown refusal rolls everything back and is not remembered, so a transfer refused
 * for `payouts_not_enabled` succeeds with the same key once the account is ready (as before).
 */
function once<R>({ db, q }: LedgerCore, key: string, make: () => R): R {
  return db
    .transaction((): R => {
      const hit = q.keyGet.get(key);
      if (hit) return JSON.parse(hit.result) as R;
      const made = make();
      q.keyPut.run(key, JSON.stringify(made));
      return made;
    })
    .immediate();
}

/** Runs a read-modify-write under the file's write lock (another instance may write the same row). */
const write = <R>({ db }: LedgerCore, fn: () => R): R =>
  db.transaction(fn).immediate();

/** Takes a transfer back in full and records the reversal; returns its id. Runs inside the caller's transaction. */
function reverse({ q, nowIso }: LedgerCore, transfer: TransferRow): string {
  q.reverseTransfer.run(transfer.id);
  const id = newId('trr');
  q.insertReversal.run({
    id,
    transfer_id: transfer.id,
    amount_cents: transfer.amount_cents,
    transfer_group: transfer.transfer_group,
    created_at: nowIso(),
  });
  return id;
}

/** Checkout sessions: opened once per key, paid once, expired only while open. */
function sessionOperations(core: LedgerCore) {
  const { q, nowIso, publicUrl } = core;
  return {
    openSession(input: CheckoutInput): SimulatedSession {
      const { id } = once(core, `checkout:${input.idempotencyKey}`, () => {
        const id = newId('cs');
        q.insertSession.run({
          id,
          url: `${publicUrl}/sim/checkout/${id}`,
          input: JSON.stringify(input),
          total_cents: input.totalCents,
          metadata: JSON.stringify(input.metadata),
          status: 'open',
          method: null,
          payment_intent_id: newId('pi'),
          charge_id: null,
        });
        return { id };
      });
      return getSession(core, id)!;
    },

    /** Pays the session (once: a second payment keeps the first charge); refuses an expired one. */
    charge(
      session: SimulatedSession,
      method: 'card' | 'ideal',
    ): SimulatedSession {
      const paid = write(core, () => {
        const current = getSession(core, session.id);
        if (!current)
          throw new GatewayError(
            'invalid_request',
            `No such checkout session: ${session.id}`,
          );
        if (current.status === 'expired')
          throw new GatewayError(
            'invalid_request',
            `invalid_request: checkout session ${session.id} has expired`,
          );
        q.chargeSession.run(method, newId('ch'), nowIso(), session.id);
        return getSession(core, session.id)!;
      });
      return Object.assign(session, paid);
    },

    /** An asynchronous payment (iDEAL) that failed: the session is over, unpaid. */
    completeUnpaid(sessionId: string): SimulatedSession {
      q.setSessionStatus.run('complete', sessionId);
      return getSession(core, sessionId)!;
    },

    /** Like Stripe: only an open session can be expired; a paid or closed one is left as it is. */
    expireSession(sessionId: string): void {
      q.expireSession.run(sessionId);
    },

    paymentOfIntent(paymentIntentId: string): {
      chargeId: string | null;
      method: string | null;
    } {
      const session = findIntent(core, paymentIntentId);
      return {
        chargeId: session?.chargeId ?? null,
        method: session?.method ?? null,
      };
    },

    sessionOfCharge(chargeId: string): SimulatedSession | undefined {
      const row = q.sessionOfCharge.get(chargeId);
      return row ? toSession(row) : undefined;
    },
  };
}

/** Connected accounts: opened once per key, ready for payouts once onboarding completes. */
function accountOperations(core: LedgerCore) {
  const { q } = core;
  return {
    openAccount(input: ConnectedAccountInput): SimulatedAccount {
      const { id } = once(core, `account:${input.idempotencyKey}`, () => {
        const id = newId('acct');
        q.insertAccount.run({
          id,
          reference: input.reference,
          email: input.email,
          metadata: JSON.stringify(input.metadata ?? {}),
        });
        return { id };
      });
      return getAccount(core, id)!;
    },

    setAccountLinks(
      accountId: string,
      returnUrl: string,
      refreshUrl: string,
    ): void {
      q.setAccountLinks.run(returnUrl, refreshUrl, accountId);
    },

    enablePayouts(accountId: string): SimulatedAccount {
      q.enablePayouts.run(accountId);
      return getAccount(core, accountId)!;
    },
  };
}

/** A payout to the creator's account: at most one live transfer per group, only to an account that can receive it. */
function recordTransfer(
  core: LedgerCore,
  input: TransferInput,
): { id: string } {
  const { q, nowIso } = core;
  // Never more out of a group than its charge took in: a transfer beyond it would pay the creator
  // twice, and is answered with the first live one (a deal with milestones pays several, within it).
  const live = q.liveTransferOfGroup.all(input.transferGroup);
  const charged = input.sourceTransaction
    ? q.sessionOfCharge.get(input.sourceTransaction)?.total_cents
    : undefined;
  const paid = live.reduce((sum, t) => sum + t.amount_cents, 0);
  if (live[0] && (charged === undefined || paid + input.amountCents > charged))
    return { id: live[0].id };
  const account = getAccount(core, input.destinationAccountId);
  if (!account)
    throw new GatewayError(
      'no_bank_account',
      `no_bank_account: no such connected bank account ${input.destinationAccountId}`,
    );
  if (!account.payoutsEnabled) {
    throw new GatewayError(
      'payouts_not_enabled',
      "payouts_not_enabled: the creator's account cannot receive payouts yet, payouts_enabled is false",
    );
  }
  if (
    input.sourceTransaction &&
    !q.sessionOfCharge.get(input.sourceTransaction)
  ) {
    throw new GatewayError(
      'invalid_request',
      `invalid_request: no such charge ${input.sourceTransaction}`,
    );
  }
  const id = newId('tr');
  q.insertTransfer.run({
    id,
    amount_cents: input.amountCents,
    destination: input.destinationAccountId,
    transfer_group: input.transferGroup,
    source_transaction: input.sourceTransaction,
    idempotency_key: input.idempotencyKey,
    created_at: nowIso(),
  });
  return { id };
}

/** Like Stripe: refunds of one charge (a split's is partial) may add up to what it charged, never more. */
function assertRefundable(
  core: LedgerCore,
  chargeId: string | null,
  amountCents: number,
): void {
  if (!chargeId) return;
  const charged = core.q.sessionOfCharge.get(chargeId)?.total_cents;
  const refunded = core.q.refundedOfCharge.get(chargeId)!.cents;
  if (
    refunded > 0 &&
    (charged === undefined || refunded + amountCents > charged)
  ) {
    throw new GatewayError(
      'invalid_request',
      `invalid_request: charge ${chargeId} has already been refunded`,
    );
  }
  if (charged !== undefined && amountCents > charged) {
    throw new GatewayError(
      'invalid_request',
      `invalid_request: refund of ${amountCents} exceeds what charge ${chargeId} charged`,
    );
  }
}

/** A refund of the charge (in full, or a part of it); what already went to the creator is reversed first unless asked not to. */
function recordRefund(
  core: LedgerCore,
  input: RefundInput,
): { refundId: string; transferReversalId: string | null } {
  const { q, nowIso } = core;
  const chargeId =
    input.chargeId ??
    (input.paymentIntentId
      ? (findIntent(core, input.paymentIntentId)?.chargeId ?? null)
      : null);
  assertRefundable(core, chargeId, input.amountCents);
  // Funds that already left for the creator come back first (not for an extra payment).
  let transferReversalId: string | null = null;
  const live =
    input.reverseTransfers === false
      ? []
      : q.transfersOfGroup
          .all(input.transferGroup)
          .filter((t) => t.reversed === 0);
  for (const t of live) transferReversalId = reverse(core, t);
  const refundId = newId('re');
  q.insertRefund.run({
    id: refundId,
    charge_id: chargeId,
    payment_intent_id: input.paymentIntentId,
    amount_cents: input.amountCents,
    transfer_group: input.transferGroup,
    transfer_reversal_id: transferReversalId,
    idempotency_key: input.idempotencyKey,
    created_at: nowIso(),
  });
  return { refundId, transferReversalId };
}

/** Chargebacks: opened by the issuer (never beyond the charge) and closed once, won or lost. */
function disputeOperations(core: LedgerCore) {
  const { q, nowIso } = core;
  return {
    /**
     * Records a chargeback on a paid session's charge (the issuer's side of charge.dispute.created),
     * of the whole charge or `amountCents` of it; the chargebacks of one charge never add up to more
     * than it charged.
     */
    openDispute(
      session: SimulatedSession,
      reason: string,
      amountCents?: number,
    ): SimulatedDispute {
      const chargeId = session.chargeId;
      if (!chargeId)
        throw new GatewayError(
          'invalid_request',
          `invalid_request: session ${session.id} was not charged`,
        );
      return write(core, () => {
        // Like a card network: one chargeback at a time, and only of money the charge still holds
        // (what it charged, less what was refunded and charged back before).
        if (q.openDisputeOfCharge.get(chargeId))
          throw new GatewayError(
            'invalid_request',
            `invalid_request: charge ${chargeId} has an open chargeback`,
          );
        const left =
          session.totalCents -
          q.disputedOfCharge.get(chargeId)!.cents -
          q.refundedOfCharge.get(chargeId)!.cents;
        const amount = amountCents ?? left;
        if (amount <= 0 || amount > left)
          throw new GatewayError(
            'invalid_request',
            `invalid_request: charge ${chargeId} cannot be disputed beyond what it charged, less refunds`,
          );
        const row: DisputeRow = {
          id: newId('dp'),
          charge_id: chargeId,
          payment_intent_id: session.paymentIntentId!,
          amount_cents: amount,
          reason,
          created_at: nowIso(),
        };
        q.insertDispute.run(row);
        return toDispute(row);
      });
    },
    /** Records a dispute's outcome once (the issuer's side of charge.dispute.closed). */
    closeDispute(disputeId: string, outcome: 'won' | 'lost'): SimulatedDispute {
      return write(core, () => {
        const row = q.dispute.get(disputeId);
        if (!row)
          throw new GatewayError(
            'invalid_request',
            `invalid_request: no such dispute ${disputeId}`,
          );
        if (q.disputeOutcome.get(disputeId))
          throw new GatewayError(
            'invalid_request',
            `invalid_request: dispute ${disputeId} is already closed`,
          );
        q.insertDisputeOutcome.run(disputeId, outcome, nowIso());
        return toDispute(row);
      });
    },
    /** A dispute's outcome, or null while it is open. */
    disputeOutcome(disputeId: string): 'won' | 'lost' | null {
      return q.disputeOutcome.get(disputeId)?.outcome ?? null;
    },
  };
}

/** Money moving after the payment: transfers, refunds and reversals. */
function moneyOperations(core: LedgerCore) {
  const { q } = core;
  return {
    /** What moved for one deal or request (its stream id is the transfer group): for tests and admin. */
    moneyOfGroup(transferGroup: string): {
      transfers: SimulatedTransfer[];
      refunds: SimulatedRefund[];
    } {
      return {
        transfers: q.transfersOfGroup.all(transferGroup).map(toTransfer),
        refunds: q.refundsOfGroup.all(transferGroup).map(toRefund),
      };
    },
    transfer(input: TransferInput): SimulatedTransfer {
      const { id } = once(core, `transfer:${input.idempotencyKey}`, () =>
        recordTransfer(core, input),
      );
      return toTransfer(q.transfer.get(id)!);
    },
    refund(input: RefundInput): {
      refundId: string;
      transferReversalId: string | null;
    } {
      return once(core, `refund:${input.idempotencyKey}`, () =>
        recordRefund(core, input),
      );
    },
    reverseTransfer(
      transferId: string,
      idempotencyKey: string,
    ): { reversalId: string } {
      return once(core, `reversal:${idempotencyKey}`, () => {
        const transfer = q.transfer.get(transferId);
        if (!transfer)
          throw new GatewayError(
            'invalid_request',
            `invalid_request: no such transfer ${transferId}`,
          );
        return { reversalId: reverse(core, transfer) };
      });
    },
  };
}

/** A Stripe-shaped checkout.session object. */
function sessionObject(
  session: SimulatedSession,
  paymentStatus: 'paid' | 'unpaid',
): Record<string, unknown> {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: 'payment',
    status: session.status,
    payment_status: paymentStatus,
    amount_total: session.totalCents,
    currency: 'eur',
    client_reference_id: session.input.reference,
    metadata: session.metadata,
    payment_intent: session.paymentIntentId,
    payment_method_types: ['ideal', 'card'],
    success_url: session.input.successUrl,
    cancel_url: session.input.cancelUrl,
    livemode: false,
  };
}

/** A Stripe-shaped account object. */
function accountObject(account: SimulatedAccount): Record<string, unknown> {
  return {
    id: account.id,
    object: 'account',
    type: 'express',
    email: account.email,
    metadata: account.metadata,
    payouts_enabled: account.payoutsEnabled,
    details_submitted: account.detailsSubmitted,
    charges_enabled: account.detailsSubmitted,
    capabilities: { transfers: account.payoutsEnabled ? 'active' : 'inactive' },
  };
}

export function createSimulatedLedger(options: SimulatedLedgerOptions) {
  const db = openDatabase(options.path ?? ':memory:');
  const core: LedgerCore = {
    db,
    q: prepareQueries(db),
    nowIso: () => (options.now ? options.now() : new Date()).toISOString(),
    publicUrl: options.publicUrl,
  };
  const { q } = core;
  const sessions: RecordView<SimulatedSession> = {
    get: (id) => getSession(core, id),
    has: (id) => q.session.get(id) !== undefined,
    values: () => q.sessions.all().map(toSession),
  };
  const accounts: RecordView<SimulatedAccount> = {
    get: (id) => getAccount(core, id),
    has: (id) => q.account.get(id) !== undefined,
    values: () => q.accounts.all().map(toAccount),
  };

  return {
    sessions,
    accounts,
    /** Every transfer, oldest first (a fresh read of the file). */
    get transfers(): SimulatedTransfer[] {
      return q.transfers.all().map(toTransfer);
    },
    /** Every refund, oldest first (a fresh read of the file). */
    get refunds(): SimulatedRefund[] {
      return q.refunds.all().map(toRefund);
    },
    /** Every transfer reversal, oldest first. */
    get reversals(): SimulatedReversal[] {
      return q.reversals.all().map(toReversal);
    },
    /** Every chargeback opened, oldest first. */
    get disputes(): SimulatedDispute[] {
      return q.disputes.all().map(toDispute);
    },
    /** The webhook signing secret shared by every instance on this file (the first one to start picks it). */
    sharedSecret(name: string, make: () => string): string {
      return write(core, () => {
        q.metaPut.run(name, make());
        return q.metaGet.get(name)!.value;
      });
    },
    ...sessionOperations(core),
    ...accountOperations(core),
    ...moneyOperations(core),
    ...disputeOperations(core),
    sessionObject,
    accountObject,
    /** Closes the file (idempotent). */
    close(): void {
      if (db.open) db.close();
    },
  };
}

export type SimulatedLedger = ReturnType<typeof createSimulatedLedger>;
