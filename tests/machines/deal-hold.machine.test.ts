import { describe, expect, it } from 'vitest';
import { dealMachine } from '@machines/deal/deal.machine';
import { dealStateView } from '@machines/deal/deal.view';
import { actors, at, dealGiven, event } from '@tests/support/event-factory';
import { machineSpec } from '@tests/support/machine-spec';

/** Admin hold is context + guards (ADR 0004): the status string stays the spec's, timers pause. */
const { given, fold } = machineSpec(dealMachine);
const hold = (hours = 10) =>
  event(
    'DealPutOnHold',
    { source: 'admin', reason: 'Manual review' },
    at(hours),
    actors.admin,
  );
const resume = (
  hours: number,
  ends: { review?: string; dispute?: string } = {},
) =>
  event(
    'DealReleasedFromHold',
    {
      reviewPeriodEndsAt: ends.review ?? null,
      disputePeriodEndsAt: ends.dispute ?? null,
    },
    at(hours),
    actors.admin,
  );
const brandRelease = (hours: number) =>
  event('FundsReleased', { trigger: 'brand' }, at(hours), actors.brand);

describe('deal: admin hold and resume', () => {
  it('hold keeps the status and step and records who held it', () => {
    const snapshot = given(dealGiven.delivered())
      .when(hold())
      .then({
        state: 'delivered',
        status: 'delivered',
        step: 5,
        context: {
          hold: { since: at(10), source: 'admin', reason: 'Manual review' },
        },
      });
    expect(dealStateView(snapshot, at(11)).onHold).toBe(true);
  });

  it('hold is possible in every paid, unreleased state', () => {
    for (const history of [
      dealGiven.awaitingAcceptance(),
      dealGiven.accepted(),
      dealGiven.bankConnected(),
      dealGiven.delivered(),
      dealGiven.dispute(),
    ]) {
      given(history)
        .when(hold())
        .then({ context: { hold: { source: 'admin' } } });
    }
    given(dealGiven.pendingPayment()).when(hold()).thenRefused();
  });

  it('refuses a second hold and a resume without a hold', () => {
    given([...dealGiven.delivered(), hold()])
      .when(hold(11))
      .thenRefused();
    given(dealGiven.delivered()).when(resume(11)).thenRefused();
  });

  it('on hold: no brand approval and no automatic release, even after the period ended', () => {
    const held = [...dealGiven.delivered(), hold()];
    given(held).when(brandRelease(11)).thenRefused();
    given(held)
      .when(event('ReviewPeriodElapsed', { endsAt: at(50) }, at(500)))
      .thenRefused();
    const elapsedThenHeld = [
      ...dealGiven.delivered(),
      event('ReviewPeriodElapsed', { endsAt: at(50) }, at(50)),
      hold(51),
    ];
    given(elapsedThenHeld)
      .when(
        event('FundsReleased', { trigger: 'review_period_elapsed' }, at(52)),
      )
      .thenRefused();
  });

  it('on hold an admin can still release or refund', () => {
    const held = [...dealGiven.delivered(), hold()];
    given(held)
      .when(event('FundsReleased', { trigger: 'admin' }, at(11), actors.admin))
      .then({ state: 'completed', step: 7 });
    given(held)
      .when(event('DealRefunded', {}, at(11), actors.admin))
      .then({ state: 'cancelled', context: { hold: null } });
  });

  it('resume extends the review period by the time spent on hold', () => {
    const held = [...dealGiven.delivered(), hold(10)];
    given(held)
      .when(resume(20, { review: at(60) }))
      .then({
        state: 'delivered',
        context: { hold: null, reviewPeriodEndsAt: at(60) },
      });
    const resumed = [...held, resume(20, { review: at(60) })];
    given(resumed)
      .when(event('ReviewPeriodElapsed', { endsAt: at(60) }, at(50)))
      .thenRefused();
    given(resumed)
      .when(event('ReviewPeriodElapsed', { endsAt: at(60) }, at(60)))
      .then({ context: { reviewElapsedAt: at(60) } });
    given(resumed).when(brandRelease(21)).then({ state: 'completed' });
  });

  it('a dispute on hold neither elapses nor lets the brand approve; resume extends its end', () => {
    const held = [...dealGiven.dispute(), hold(10)];
    given(held)
      .when(event('DisputePeriodElapsed', { endsAt: at(75) }, at(500)))
      .thenRefused();
    given(held).when(brandRelease(11)).thenRefused();
    const resumed = [...held, resume(30, { dispute: at(95) })];
    given(resumed)
      .when(event('DisputePeriodElapsed', { endsAt: at(95) }, at(94)))
      .thenRefused();
    given(resumed)
      .when(event('DisputePeriodElapsed', { endsAt: at(95) }, at(95)))
      .then({ state: 'dispute', context: { disputeElapsedAt: at(95) } });
    given(resumed)
      .when(brandRelease(31))
      .then({ state: 'approved_after_dispute' });
  });
});

describe('deal: card chargebacks', () => {
  it('a chargeback while money is in escrow puts the deal on hold', () => {
    given(dealGiven.delivered())
      .when(
        event(
          'ChargebackOpened',
          { reason: 'fraudulent' },
          at(5),
          actors.stripe,
        ),
      )
      .then({
        state: 'delivered',
        context: {
          hold: {
            source: 'chargeback',
            reason: 'Chargeback: fraudulent',
            since: at(5),
          },
          chargebacks: [{ disputeId: 'dp_1' }],
        },
      });
  });

  it('a chargeback on a deal already held keeps the admin hold', () => {
    given([...dealGiven.delivered(), hold(4)])
      .when(event('ChargebackOpened', {}, at(5)))
      .then({ context: { hold: { source: 'admin' } } });
  });

  it('an admin resumes a chargeback hold', () => {
    const held = [
      ...dealGiven.awaitingAcceptance(),
      event('ChargebackOpened', {}, at(5)),
    ];
    expect(fold(held).context.hold?.source).toBe('chargeback');
    given(held)
      .when(resume(6))
      .then({
        state: 'pending_delivery.awaiting_acceptance',
        context: { hold: null },
      });
  });
});
