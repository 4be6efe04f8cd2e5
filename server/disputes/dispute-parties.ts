import type { FastifyRequest } from 'fastify';
import { latestDisputedMilestone } from '@machines/deal/deal-milestone-context';
import type { DisputeSide } from '@machines/escrow/dispute-message';
import type { Actor } from '@machines/events/metadata';
import { adminOf, userOf } from '../auth/authenticate';
import { createLinkClaims } from '../auth/link-claim';
import { createLinkHolders, type LinkRef } from '../auth/link-holders';
import { dealGuard, requestGuard } from '../auth/ownership';
import { DomainError } from '../commands/domain-error';
import { dealNotFound, requestNotFound } from '../commands/run-command';
import { createActorNames } from '../deals/actor-names';
import { requestLanguage } from '../i18n/request-language';
import type { DisputeParts } from './dispute-parts';
import type { DisputeState, DisputeSubject } from './dispute-thread';

/**
 * Who asks about a dispute, as one of its parties: the subject, their side (null for an auditor),
 * whether they may post, the actor their messages are recorded with, the guard the command runs
 * under, and whether they read authors' names (admins and auditors).
 */
export interface Party {
  subject: DisputeSubject;
  side: DisputeSide | null;
  actor: Actor | null;
  authorize: (state: never) => void;
  names: ((actor: Actor) => string) | null;
  state: DisputeState;
}

export type PartyOf = (request: FastifyRequest) => Promise<Party>;

type Params = { id?: number; token?: string };
const params = (request: FastifyRequest) => request.params as Params;

/** The disputed deal or request behind an id, with what its conversation needs; none while never disputed. */
function disputeRecords(ctx: DisputeParts) {
  const deal = (id: number) => {
    const record = ctx.queries.deals.byId(id);
    if (!record) throw dealNotFound();
    const c = record.context;
    // A deal with a plan: the conversation is of its latest milestone dispute.
    const milestone = latestDisputedMilestone(c);
    if (c.disputeCreatedAt === null && milestone === null)
      throw new DomainError('no_dispute_conversation');
    const state = {
      open: record.status === 'dispute',
      endsAt: milestone?.disputePeriodEndsAt ?? c.disputePeriodEndsAt,
      onHold: c.hold !== null,
    };
    return { record, state };
  };
  const request = (id: number) => {
    const record = ctx.queries.requests.byId(id);
    if (!record) throw requestNotFound();
    const c = record.context;
    if (c.dispute === null) throw new DomainError('no_dispute_conversation');
    const state = {
      open: record.status === 'dispute',
      endsAt: c.dispute.endsAt,
      onHold: c.hold !== null,
    };
    return { record, state };
  };
  return { deal, request };
}
type Records = ReturnType<typeof disputeRecords>;

/** The parties who sign in: a deal's brand, a request's creator. */
function accountParties(records: Records) {
  const dealBrand: PartyOf = async (request) => {
    const { userId } = userOf(request);
    const id = params(request).id!;
    const { record, state } = records.deal(id);
    if (record.ownerId !== userId || record.context.deletedAt !== null)
      throw dealNotFound();
    return {
      subject: { kind: 'deal', id },
      side: 'brand',
      actor: { kind: 'brand', id: userId },
      authorize: dealGuard.owner(userId).authorize as Party['authorize'],
      names: null,
      state,
    };
  };
  const requestCreator: PartyOf = async (request) => {
    const { userId } = userOf(request);
    const id = params(request).id!;
    const { record, state } = records.request(id);
    if (record.creatorId !== userId) throw requestNotFound();
    return {
      subject: { kind: 'payment_request', id },
      side: 'creator',
      actor: { kind: 'creator', id: userId },
      authorize: requestGuard.owner(userId).authorize as Party['authorize'],
      names: null,
      state,
    };
  };
  return { dealBrand, requestCreator };
}

/**
 * The parties behind a link: a deal's creator, a request's brand. A link page speaks only for
 * whoever holds the link's claim (or the account that accepted): a stranger with the link is refused.
 */
function linkParties(ctx: DisputeParts, records: Records) {
  const { claimOf } = createLinkClaims(ctx);
  const holders = createLinkHolders(ctx);
  const assertClaim = async (
    ref: LinkRef,
    recorded: {
      claimSecretHash: string | null;
      claimedByUserId: string | null;
    },
    request: FastifyRequest,
    elsewhere: 'deal_claimed_elsewhere' | 'request_claimed_elsewhere',
  ) => {
    const { holds } = await holders.holder(ref, recorded, claimOf(request));
    if (holds !== true) throw new DomainError(elsewhere);
  };
  const dealCreator: PartyOf = async (request) => {
    const token = params(request).token!;
    const found = ctx.queries.deals.byToken(token);
    if (!found || found.context.shareableToken !== token) throw dealNotFound();
    const { record, state } = records.deal(found.id);
    const ref = { kind: 'deal', id: record.id } as const;
    await assertClaim(ref, record.context, request, 'deal_claimed_elsewhere');
    const userId = claimOf(request).userId;
    const signedIn =
      userId !== null && userId === record.context.claimedByUserId;
    return {
      subject: { kind: 'deal', id: record.id },
      side: 'creator',
      actor: signedIn
        ? { kind: 'creator', id: userId }
        : { kind: 'creator-link', id: `deal-${record.id}` },
      authorize: dealGuard.link(token).authorize as Party['authorize'],
      names: null,
      state,
    };
  };
  const requestBrand: PartyOf = async (request) => {
    const token = params(request).token!;
    const found = ctx.queries.requests.byToken(token);
    if (!found || found.context.request?.token !== token)
      throw requestNotFound();
    const { record, state } = records.request(found.id);
    const ref = { kind: 'payment-request', id: record.id } as const;
    const none = { claimSecretHash: null, claimedByUserId: null };
    await assertClaim(ref, none, request, 'request_claimed_elsewhere');
    return {
      subject: { kind: 'payment_request', id: record.id },
      side: 'brand',
      actor: { kind: 'creator-link', id: `payment-request-${record.id}` },
      authorize: requestGuard.link(token).authorize as Party['authorize'],
      names: null,
      state,
    };
  };
  return { dealCreator, requestBrand };
}

/** Admins post and read authors' names; an auditor (role auditor) reads only. */
function adminParties(ctx: DisputeParts, records: Records) {
  const admin = (request: FastifyRequest) => {
    const principal = adminOf(request);
    // Authors by name in the reader's language: a request's link is its brand's.
    const names = createActorNames(
      ctx.queries.accounts,
      requestLanguage(request),
    );
    const acts = principal.role === 'admin';
    return {
      side: acts ? ('admin' as const) : null,
      actor: acts ? ({ kind: 'admin', id: principal.adminId } as const) : null,
      names,
      authorize: () => undefined,
    };
  };
  const adminOfDeal: PartyOf = async (request) => {
    const id = params(request).id!;
    const { state } = records.deal(id);
    return { subject: { kind: 'deal', id }, ...admin(request), state };
  };
  const adminOfRequest: PartyOf = async (request) => {
    const id = params(request).id!;
    const { state } = records.request(id);
    return {
      subject: { kind: 'payment_request', id },
      ...admin(request),
      state,
    };
  };
  return { adminOfDeal, adminOfRequest };
}

/** Every entry point's way of finding who asks: brand, creator (link or account), admin. */
export function createParties(ctx: DisputeParts) {
  const records = disputeRecords(ctx);
  return {
    ...accountParties(records),
    ...linkParties(ctx, records),
    ...adminParties(ctx, records),
  };
}
