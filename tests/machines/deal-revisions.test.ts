import { describe, expect, it } from 'vitest';
import { decideDeal } from '@machines/deal/deal.commands';
import { dealMachine } from '@machines/deal/deal.machine';
import { dealStateView } from '@machines/deal/deal.view';
import { deciderSpec } from '@tests/support/decider-spec';
import {
  actors,
  at,
  dealGiven,
  dealHistory,
  event,
} from '@tests/support/event-factory';

/**
 * Revision rounds: given(history).when(command).then(events | refusal). The factory's deal includes
 * 2 rounds (the DealCreated example); a deal made before rounds has none.
 */
const { given } = deciderSpec(dealMachine, decideDeal);
const NOTE = 'Please reshoot the intro with the logo visible.';
const requested = (round: number, hours: number) =>
  event('ChangesRequested', { note: NOTE, round }, at(hours), actors.brand);
const redelivered = (round: number, hours: number) => [
  event(
    'ContentRedelivered',
    { round, note: 'New intro', links: [] },
    at(hours),
    actors.creatorLink,
  ),
  event(
    'ReviewPeriodStarted',
    { startsAt: at(hours), endsAt: at(hours + 48) },
    at(hours),
  ),
];
const oneRound = () => [
  event('DealCreated', { dealId: 42, revisionRounds: 1 }, at(0), actors.brand),
  ...dealGiven.delivered().slice(1),
];

describe('requesting changes', () => {
  it('on a delivered deal: ChangesRequested with the note and the round it uses', () => {
    given(dealGiven.delivered())
      .when({ type: 'RequestChanges', note: `  ${NOTE} ` }, at(10))
      .then({ type: 'ChangesRequested', data: { note: NOTE, round: 1 } });
  });

  it('the deal returns to the creator: status changes_requested, step 4, the review stopped', () => {
    const { snapshot } = given([...dealGiven.delivered(), requested(1, 10)]);
    const view = dealStateView(snapshot, at(11));
    expect(view).toMatchObject({
      status: 'changes_requested',
      step: 4,
      brandText: 'deal.brand.changes_requested',
      creatorText: 'deal.creator.changes_requested',
    });
    expect(view.can).toContain('deliver');
    expect(view.can).not.toContain('release');
    expect(view.can).not.toContain('requestChanges');
    expect(snapshot.context).toMatchObject({
      revisionsUsed: 1,
      reviewPeriodEndsAt: null,
      revisions: [
        { kind: 'delivered', note: 'The post is live' },
        { kind: 'changes_requested', note: NOTE, links: [] },
      ],
    });
  });

  it('once the rounds are used: refused with revision_rounds_used; approve and dispute remain', () => {
    const used = [...oneRound(), requested(1, 10), ...redelivered(1, 12)];
    given(used)
      .when({ type: 'RequestChanges', note: NOTE }, at(13))
      .thenRefused({
        code: 'illegal_transition',
        id: 'revision_rounds_used',
        status: 409,
        message:
          'All 1 included revision rounds have been used; you can approve or open a dispute',
      });
    const view = dealStateView(given(used).snapshot, at(13));
    expect(view.can).toEqual(expect.arrayContaining(['release', 'dispute']));
    expect(view.can).not.toContain('requestChanges');
  });

  it('a deal made before rounds existed has none', () => {
    const {
      dealId: _d,
      ownerId: _o,
      revisionRounds: _r,
      ...old
    } = dealHistory.created().data;
    const legacy = [
      event(
        'DealCreated',
        { dealId: 42, ownerId: 'u_brand' },
        at(0),
        actors.brand,
      ),
      ...dealGiven.delivered().slice(1),
    ];
    legacy[0] = {
      ...legacy[0]!,
      data: { dealId: 42, ownerId: 'u_brand', ...old },
    } as never;
    expect(given(legacy).snapshot.context.revisionRounds).toBe(0);
    given(legacy)
      .when({ type: 'RequestChanges', note: NOTE }, at(10))
      .thenRefused({
        code: 'illegal_transition',
        id: 'revision_rounds_used',
        status: 409,
        message: /All 0 included revision rounds/,
      });
  });

  it('not before delivery, not after the review elapsed, not with a release asked for', () => {
    given(dealGiven.bankConnected())
      .when({ type: 'RequestChanges', note: NOTE }, at(3))
      .thenRefused({
        code: 'illegal_transition',
        id: 'deal_not_in_state',
        status: 409,
        message: 'Cannot request changes while the deal is pending_delivery',
      });
    const elapsed = event('ReviewPeriodElapsed', { endsAt: at(50) }, at(50));
    given([...dealGiven.delivered(), elapsed])
      .when({ type: 'RequestChanges', note: NOTE }, at(51))
      .thenRefused({
        code: 'illegal_transition',
        id: 'deal_not_in_state',
        status: 409,
        message: 'Cannot request changes while the deal is delivered',
      });
    given([...dealGiven.delivered(), dealHistory.releaseRequested()])
      .when({ type: 'RequestChanges', note: NOTE }, at(5))
      .thenRefused({
        code: 'illegal_transition',
        id: 'deal_not_in_state',
        status: 409,
        message: 'Cannot request changes while the deal is delivered',
      });
  });
});

describe('redelivering', () => {
  it('after a change request: ContentRedelivered with note and links, and a new 48 h review', () => {
    given([...dealGiven.delivered(), requested(1, 10)])
      .when(
        {
          type: 'DeliverContent',
          reviewPeriodHours: 48,
          note: 'New intro',
          links: ['https://instagram.com/p/new'],
        },
        at(20),
      )
      .then(
        {
          type: 'ContentRedelivered',
          data: {
            round: 1,
            note: 'New intro',
            links: ['https://instagram.com/p/new'],
          },
        },
        {
          type: 'ReviewPeriodStarted',
          data: { startsAt: at(20), endsAt: at(68) },
        },
      );
  });

  it('restarts the review clock: delivered again, the new end counts, the old one not', () => {
    const history = [
      ...dealGiven.delivered(),
      requested(1, 10),
      ...redelivered(1, 20),
    ];
    const { snapshot } = given(history);
    expect(dealStateView(snapshot, at(21)).status).toBe('delivered');
    expect(snapshot.context).toMatchObject({
      deliveredAt: at(20),
      reviewPeriodStartsAt: at(20),
      reviewPeriodEndsAt: at(68),
    });
    // At the first delivery's end (50 h) nothing is due; at the new end (68 h) the release is.
    given(history)
      .when({ type: 'ElapseReviewPeriod', key: 'k1' }, at(50))
      .thenNothing();
    given(history)
      .when({ type: 'ElapseReviewPeriod', key: 'k1' }, at(68))
      .then(
        { type: 'ReviewPeriodElapsed', data: { endsAt: at(68) } },
        {
          type: 'FundsReleaseRequested',
          data: { trigger: 'review_period_elapsed' },
        },
      );
  });

  it('no timer runs while the creator works on the changes', () => {
    given([...dealGiven.delivered(), requested(1, 10)])
      .when({ type: 'ElapseReviewPeriod', key: 'k1' }, at(100))
      .thenNothing();
  });

  it('a first delivery carries its note and links; without them it is as before', () => {
    given(dealGiven.bankConnected())
      .when(
        {
          type: 'DeliverContent',
          reviewPeriodHours: 48,
          note: 'Live now',
          links: ['https://tiktok.com/@x/1'],
        },
        at(2),
      )
      .then(
        {
          type: 'ContentDelivered',
          data: { note: 'Live now', links: ['https://tiktok.com/@x/1'] },
        },
        { type: 'ReviewPeriodStarted' },
      );
    const [delivered] = given(dealGiven.bankConnected())
      .when({ type: 'DeliverContent', reviewPeriodHours: 48 }, at(2))
      .then({ type: 'ContentDelivered' }, { type: 'ReviewPeriodStarted' });
    expect(delivered!.data).toEqual({});
  });

  it('the brand approves the redelivery: completed', () => {
    const history = [
      ...dealGiven.delivered(),
      requested(1, 10),
      ...redelivered(1, 20),
    ];
    given(history)
      .when({ type: 'ReleaseFunds', trigger: 'brand', key: 'k2' }, at(21))
      .then({
        type: 'FundsReleaseRequested',
        data: { trigger: 'brand', amountCents: 25_000 },
      });
  });

  it('two rounds, then only approve or dispute', () => {
    const history = [
      ...dealGiven.delivered(),
      requested(1, 10),
      ...redelivered(1, 20),
      requested(2, 30),
      ...redelivered(2, 40),
    ];
    const { snapshot } = given(history);
    expect(snapshot.context.revisionsUsed).toBe(2);
    expect(snapshot.context.revisions.map((r) => r.kind)).toEqual([
      'delivered',
      'changes_requested',
      'redelivered',
      'changes_requested',
      'redelivered',
    ]);
    given(history)
      .when({ type: 'RequestChanges', note: NOTE }, at(41))
      .thenRefused({
        code: 'illegal_transition',
        id: 'revision_rounds_used',
        status: 409,
        message: /All 2 included revision rounds/,
      });
    given(history)
      .when(
        {
          type: 'OpenDispute',
          reason: 'Still wrong',
          description: null,
          disputePeriodHours: 72,
        },
        at(41),
      )
      .then({ type: 'DisputeOpened' });
  });
});
