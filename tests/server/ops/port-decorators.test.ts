import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';
import {
  GatewayError,
  type PaymentGateway,
} from '@server/money/gateway/payment-gateway';
import { createAppMetrics } from '@server/ops/app-metrics';

const dir = mkdtempSync(join(tmpdir(), 'port-decorators-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const series = async (
  metrics: ReturnType<typeof createAppMetrics>,
  name: string,
): Promise<string[]> =>
  (await metrics.scrape()).body.split('\n').filter((l) => l.startsWith(name));

describe('the gateway decorator', () => {
  it('times calls, counts failures by gateway error code, and leaves the rest of the gateway as it was', async () => {
    const metrics = createAppMetrics();
    let transfers = 0;
    const fake = {
      mode: 'simulated',
      testMode: true,
      async transfer() {
        transfers++;
        if (transfers > 1)
          throw new GatewayError('balance_insufficient', 'not enough');
        return { transferId: 'tr_1' };
      },
      verifyWebhook() {
        throw new Error('bad signature');
      },
      extraHook: () => 'still here',
    } as unknown as PaymentGateway & { extraHook(): string };
    const gateway = metrics.instrumentGateway(fake);

    expect(gateway.mode).toBe('simulated');
    expect(gateway.extraHook()).toBe('still here');
    expect(gateway.transfer).toBe(gateway.transfer);
    await expect(gateway.transfer({} as never)).resolves.toEqual({
      transferId: 'tr_1',
    });
    await expect(gateway.transfer({} as never)).rejects.toMatchObject({
      code: 'balance_insufficient',
    });
    expect(() => gateway.verifyWebhook(Buffer.from(''), undefined)).toThrow(
      'bad signature',
    );

    expect(await series(metrics, 'escrow_gateway_call_seconds_count')).toEqual([
      'escrow_gateway_call_seconds_count{method="transfer",outcome="ok"} 1',
      'escrow_gateway_call_seconds_count{method="transfer",outcome="error"} 1',
    ]);
    // A local signature check is not a gateway call: neither timed nor counted.
    expect(await series(metrics, 'escrow_gateway_errors_total')).toEqual([
      'escrow_gateway_errors_total{method="transfer",code="balance_insufficient"} 1',
    ]);
  });
});

describe('the event-store decorator', () => {
  it('times appends by outcome and passes reads through', async () => {
    const metrics = createAppMetrics();
    const raw = createSqliteEventStore({ path: join(dir, 'events.db') });
    const store = metrics.instrumentStore(raw);
    await store.append(
      's-1',
      [{ id: 'a', type: 'T', data: {}, metadata: {} }],
      'no_stream',
    );
    await expect(
      store.append(
        's-1',
        [{ id: 'b', type: 'T', data: {}, metadata: {} }],
        'no_stream',
      ),
    ).rejects.toThrow(/Wrong expected version/);
    await expect(
      store.append(
        '$system',
        [{ id: 'c', type: 'T', data: {}, metadata: {} }],
        'any',
      ),
    ).rejects.toThrow();
    expect((await store.readStream('s-1')).map((e) => e.id)).toEqual(['a']);
    expect(await store.headPosition()).toBe(1);
    expect(await series(metrics, 'escrow_store_append_seconds_count')).toEqual([
      'escrow_store_append_seconds_count{outcome="ok"} 1',
      'escrow_store_append_seconds_count{outcome="conflict"} 1',
      'escrow_store_append_seconds_count{outcome="error"} 1',
    ]);
    await store.close();
  });
});
