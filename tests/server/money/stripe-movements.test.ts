import { describe, expect, it } from 'vitest';
import type { PaymentGateway } from '@server/money/gateway/payment-gateway';
import {
  type FakeStripe,
  type RecordedRequest,
  useFakeStripeGateway,
} from './support/fake-stripe';

/** The Stripe adapter's list of money movements, through the real SDK against a local stand-in for the API. */
describe('Stripe adapter: money movements of a period (reconciliation)', () => {
  let stripe: FakeStripe;
  let gateway: PaymentGateway;
  useFakeStripeGateway((s, g) => {
    stripe = s;
    gateway = g;
  });

  const since = new Date('2026-03-01T00:00:00.000Z');
  const until = new Date('2026-03-03T00:00:00.000Z');
  const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const list = (url: string, data: unknown[], hasMore = false) => ({
    body: { object: 'list', url, has_more: hasMore, data },
  });
  /** Two pages: the first until the SDK asks for what comes after its last object. */
  const paged =
    (
      url: string,
      first: ({ id: string } & Record<string, unknown>)[],
      second: unknown[],
    ) =>
    (r: RecordedRequest) =>
      r.query.starting_after === first[first.length - 1]!.id
        ? list(url, second)
        : list(url, first, true);

  it('given two pages of charges, refunds, a reversed transfer, a payout and a dispute, when listed, then every page is read and each movement names its stream', async () => {
    const day = at('2026-03-02T10:00:00.000Z');
    stripe.on(
      'GET',
      '/v1/charges',
      paged(
        '/v1/charges',
        [
          {
            id: 'ch_1',
            object: 'charge',
            status: 'succeeded',
            amount: 27_050,
            created: day,
            payment_intent: 'pi_1',
            transfer_group: 'deal-7',
            metadata: {},
          },
        ],
        [
          {
            id: 'ch_2',
            object: 'charge',
            status: 'succeeded',
            amount: 42_000,
            created: day,
            payment_intent: 'pi_2',
            transfer_group: 'payment-request-3',
            metadata: {},
          },
          {
            id: 'ch_3',
            object: 'charge',
            status: 'failed',
            amount: 100,
            created: day,
            payment_intent: 'pi_3',
            transfer_group: null,
            metadata: {},
          },
        ],
      ),
    );
    stripe.on('GET', '/v1/refunds', () =>
      list('/v1/refunds', [
        {
          id: 're_1',
          object: 'refund',
          status: 'succeeded',
          amount: 27_050,
          created: day,
          metadata: { transferGroup: 'deal-7' },
        },
      ]),
    );
    stripe.on('GET', '/v1/transfers', () =>
      list('/v1/transfers', [
        {
          id: 'tr_1',
          object: 'transfer',
          amount: 25_000,
          amount_reversed: 25_000,
          created: day,
          transfer_group: 'deal-7',
          metadata: {},
        },
        {
          id: 'tr_2',
          object: 'transfer',
          amount: 40_000,
          amount_reversed: 0,
          created: day,
          transfer_group: 'payment-request-3',
          metadata: {},
        },
      ]),
    );
    stripe.on('GET', '/v1/transfers/tr_1/reversals', () =>
      list('/v1/transfers/tr_1/reversals', [
        {
          id: 'trr_1',
          object: 'transfer_reversal',
          amount: 25_000,
          created: day,
          transfer: 'tr_1',
        },
      ]),
    );
    stripe.on('GET', '/v1/disputes', () =>
      list('/v1/disputes', [
        {
          id: 'dp_1',
          object: 'dispute',
          amount: 42_000,
          created: day,
          charge: 'ch_2',
          metadata: {},
        },
      ]),
    );

    const movements = await gateway.listMovements({ since, until });

    expect(
      movements.map((m) => [m.kind, m.id, m.amountCents, m.group]),
    ).toEqual([
      ['charge', 'ch_1', 27_050, 'deal-7'],
      ['charge', 'ch_2', 42_000, 'payment-request-3'],
      ['refund', 're_1', 27_050, 'deal-7'],
      ['transfer', 'tr_1', 25_000, 'deal-7'],
      ['transfer_reversal', 'trr_1', 25_000, 'deal-7'],
      ['payout', 'tr_2', 40_000, 'payment-request-3'],
      ['dispute', 'dp_1', 42_000, null],
    ]);
    expect(movements[0]).toMatchObject({
      otherIds: ['pi_1'],
      createdAt: '2026-03-02T10:00:00.000Z',
    });
    const charges = stripe.requests.filter((r) => r.path === '/v1/charges');
    expect(charges).toHaveLength(2);
    expect(charges[0]!.query).toMatchObject({
      'created[gte]': String(at('2026-03-01T00:00:00.000Z')),
      'created[lt]': String(at('2026-03-03T00:00:00.000Z')),
      limit: '100',
    });
    expect(charges[1]!.query.starting_after).toBe('ch_1');
    // Only a transfer with money reversed is asked for its reversals.
    expect(
      stripe.requests.some((r) => r.path === '/v1/transfers/tr_2/reversals'),
    ).toBe(false);
  });
});
