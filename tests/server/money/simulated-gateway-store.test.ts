import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  createGateway,
  SIMULATED_GATEWAY_FILE,
} from '@server/money/gateway/create-gateway';
import {
  createSimulatedGateway,
  type SimulatedGateway,
} from '@server/money/gateway/simulated/simulated-gateway';

const dir = mkdtempSync(join(tmpdir(), 'escrow-sim-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const opened: SimulatedGateway[] = [];
afterEach(() => {
  opened.splice(0).forEach((g) => g.close());
});
let files = 0;
const newFile = () => join(dir, `gateway-${++files}.sqlite`);
function open(path: string): SimulatedGateway {
  const gateway = createSimulatedGateway({
    publicUrl: 'http://escrow.test',
    databasePath: path,
  });
  opened.push(gateway);
  return gateway;
}

const worker = fileURLToPath(
  new URL('./fixtures/sim-gateway-worker.fixture.ts', import.meta.url),
);

/** Runs the worker fixture to its end (or its self-inflicted SIGKILL); resolves with its JSON line. */
function runWorker(
  args: string[],
  expectKill = false,
): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', worker, ...args],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let errors = '';
    child.stdout
      .setEncoding('utf8')
      .on('data', (chunk: string) => (output += chunk));
    child.stderr
      .setEncoding('utf8')
      .on('data', (chunk: string) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (expectKill ? signal !== 'SIGKILL' : code !== 0)
        return reject(
          new Error(`worker ended with ${code ?? signal}: ${errors}`),
        );
      resolve(JSON.parse(output.trim()) as Record<string, string>);
    });
  });
}

/** A paid session and a connected account with payouts on: ready for a transfer of `group`. */
async function givenPayable(gateway: SimulatedGateway, group: string) {
  const { sessionId } = await gateway.createCheckoutSession({
    kind: 'deal',
    reference: group,
    description: 'Spring launch',
    totalCents: 27_050,
    successUrl: 'http://escrow.test/ok',
    cancelUrl: 'http://escrow.test/cancel',
    metadata: { dealId: group },
    idempotencyKey: `${group}:checkout`,
  });
  const { chargeId } = gateway.ledger.charge(
    gateway.ledger.sessions.get(sessionId)!,
    'card',
  );
  const { accountId } = await gateway.createConnectedAccount({
    reference: group,
    email: null,
    idempotencyKey: `${group}:account`,
  });
  gateway.ledger.enablePayouts(accountId);
  return { sessionId, chargeId: chargeId!, accountId };
}

const transferInput = (
  group: string,
  accountId: string,
  chargeId: string | null,
  key: string,
) => ({
  amountCents: 25_000,
  destinationAccountId: accountId,
  transferGroup: group,
  sourceTransaction: chargeId,
  idempotencyKey: key,
  metadata: {},
});

describe('simulated gateway file', () => {
  it('is created in DATA_DIR by createGateway, readable by the owner only, in WAL mode with full sync', () => {
    const dataDir = join(dir, 'data-dir');
    const gateway = createGateway({
      publicUrl: 'http://escrow.test',
      dataDir,
    }) as SimulatedGateway;
    opened.push(gateway);
    const file = join(dataDir, SIMULATED_GATEWAY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('without a DATA_DIR keeps a private in-memory gateway (unit tests)', async () => {
    const a = createGateway({
      publicUrl: 'http://escrow.test',
    }) as SimulatedGateway;
    const b = createGateway({
      publicUrl: 'http://escrow.test',
    }) as SimulatedGateway;
    opened.push(a, b);
    const { accountId } = await a.createConnectedAccount({
      reference: '1',
      email: null,
      idempotencyKey: 'k',
    });
    expect(b.ledger.accounts.has(accountId)).toBe(false);
  });
});

describe('idempotency keys on a shared file', () => {
  it('given two instances on one file, when both transfer with the same key, then one transfer and both get its id', async () => {
    const path = newFile();
    const [a, b] = [open(path), open(path)];
    const { chargeId, accountId } = await givenPayable(a, 'deal-1');
    const first = await a.transfer(
      transferInput('deal-1', accountId, chargeId, 'deal-1:release:evt-1'),
    );
    const second = await b.transfer(
      transferInput('deal-1', accountId, chargeId, 'deal-1:release:evt-1'),
    );
    expect(second).toEqual(first);
    expect(a.ledger.transfers).toHaveLength(1);
    expect(b.ledger.moneyOfGroup('deal-1').transfers).toMatchObject([
      { id: first.transferId, amountCents: 25_000, reversed: false },
    ]);
  });

  it('given a key seen before, then the first result comes back for every operation and nothing new is made', async () => {
    const path = newFile();
    const a = open(path);
    const { sessionId, chargeId, accountId } = await givenPayable(a, 'deal-2');
    const transfer = await a.transfer(
      transferInput('deal-2', accountId, chargeId, 'deal-2:release'),
    );
    const refund = await a.refund({
      paymentIntentId: null,
      chargeId,
      amountCents: 27_050,
      transferGroup: 'deal-2',
      idempotencyKey: 'deal-2:refund',
    });
    expect(refund.transferReversalId).toMatch(/^trr_sim_/);
    a.close();

    const b = open(path);
    expect(
      await b.createCheckoutSession({
        ...b.ledger.sessions.get(sessionId)!.input,
      }),
    ).toMatchObject({ sessionId });
    expect(
      await b.createConnectedAccount({
        reference: 'deal-2',
        email: null,
        idempotencyKey: 'deal-2:account',
      }),
    ).toEqual({ accountId });
    expect(
      await b.transfer(
        transferInput('deal-2', accountId, chargeId, 'deal-2:release'),
      ),
    ).toEqual(transfer);
    expect(
      await b.refund({
        paymentIntentId: null,
        chargeId,
        amountCents: 27_050,
        transferGroup: 'deal-2',
        idempotencyKey: 'deal-2:refund',
      }),
    ).toEqual(refund);
    const money = b.ledger.moneyOfGroup('deal-2');
    expect(money.transfers).toMatchObject([
      { id: transfer.transferId, reversed: true },
    ]);
    expect(money.refunds).toMatchObject([
      { id: refund.refundId, chargeId, amountCents: 27_050 },
    ]);
    // A new key for the same charge is refused, not refunded twice; the refusal is not remembered as a result.
    await expect(
      b.refund({
        paymentIntentId: null,
        chargeId,
        amountCents: 27_050,
        transferGroup: 'deal-2',
        idempotencyKey: 'deal-2:refund:2',
      }),
    ).rejects.toThrow(/already been refunded/);
    expect(b.ledger.refunds).toHaveLength(1);
  });

  it('given two processes racing with the same key, then one transfer is made and both answer its id', async () => {
    const path = newFile();
    const setup = open(path);
    const { accountId } = await givenPayable(setup, 'deal-3');
    const startAt = String(Date.now() + 2_500);
    const args = [
      'transfer',
      path,
      'deal-3:release:evt-9',
      'deal-3',
      accountId,
      startAt,
    ];
    const [one, two] = await Promise.all([runWorker(args), runWorker(args)]);
    expect(one!.transferId).toMatch(/^tr_sim_/);
    expect(two!.transferId).toBe(one!.transferId);
    expect(setup.ledger.transfers).toHaveLength(1);
  });

  it('given two processes racing with different keys for one group, then still one live transfer', async () => {
    const path = newFile();
    const setup = open(path);
    const { accountId } = await givenPayable(setup, 'deal-4');
    const startAt = String(Date.now() + 2_500);
    const [one, two] = await Promise.all([
      runWorker([
        'transfer',
        path,
        'deal-4:release:a',
        'deal-4',
        accountId,
        startAt,
      ]),
      runWorker([
        'transfer',
        path,
        'deal-4:release:b',
        'deal-4',
        accountId,
        startAt,
      ]),
    ]);
    expect(two!.transferId).toBe(one!.transferId);
    expect(setup.ledger.transfers).toHaveLength(1);
  });
});

describe('a crash', () => {
  it('given a process killed with SIGKILL right after its calls, when the file is reopened, then its records, keys and webhook secret are there', async () => {
    const path = newFile();
    const made = await runWorker(['crash', path], true);

    const raw = new Database(path);
    expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    raw.close();

    const gateway = open(path);
    expect(gateway.webhookSecret).toBe(made.webhookSecret);
    expect(gateway.ledger.sessions.get(made.sessionId!)).toMatchObject({
      status: 'complete',
      chargeId: made.chargeId,
    });
    expect(gateway.ledger.accounts.get(made.accountId!)).toMatchObject({
      payoutsEnabled: true,
    });
    expect(
      await gateway.paymentDetails(
        gateway.ledger.sessions.get(made.sessionId!)!.paymentIntentId,
      ),
    ).toEqual({ chargeId: made.chargeId, method: 'card' });
    // The retry after the crash (same key) gets the transfer made before it.
    const retry = await gateway.transfer(
      transferInput('deal-7', made.accountId!, made.chargeId!, 'crash-key'),
    );
    expect(retry.transferId).toBe(made.transferId);
    expect(gateway.ledger.transfers).toHaveLength(1);
  });
});
