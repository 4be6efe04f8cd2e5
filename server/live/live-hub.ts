import type { ChangeNotice } from '@machines/contract/api';
import type { DealQueries } from '../../projections/deals.queries';
import type { PaymentRequestQueries } from '../../projections/payment-requests.queries';
import type { ProjectedEvent } from '../../projections/projection';

/** Who a live connection listens for: its user's deals and requests, one linked deal or request, or everything (admin). */
export type LiveScope =
  | { kind: 'user'; userId: string }
  | { kind: 'deal'; dealId: number }
  | { kind: 'payment-request'; requestId: number }
  /** Admins and auditors see every deal and request, so they hear of every change. */
  | { kind: 'admin' };

/**
 * The right a stream was opened with: `stream` is the event stream whose changes can end it (the
 * user's, the admin's or the linked deal's or request's); `holds` re-reads it from the read models.
 */
export interface LiveGrant {
  stream: string;
  holds(): boolean;
}

/** Why a stream was refused: one of the caps on open streams was reached. */
export type LiveRefusal =
  | 'per_account'
  | 'per_link'
  | 'per_address'
  | 'links_total'
  | 'total';

interface LiveLimits {
  maxPerUser: number;
  maxPerLink: number;
  maxPerAddress: number;
  maxTotal: number;
  /** Streams opened by a link alone (no account) in all: the rest stays for signed-in and admin streams. */
  maxLinkTotal: number;
}

/** Whose budget a stream uses: the signed-in account (`user:<id>`, `admin:<id>`) or the link (`deal-<id>`), and the address. */
export interface LiveHolder {
  account?: string;
  link?: string;
  address: string;
}

interface Listener {
  scope: LiveScope;
  grant: LiveGrant;
  holder: LiveHolder;
  send(notice: ChangeNotice): void;
  close(): void;
}

/** Whose deal or request an event is about, from the read models. */
interface LiveQueries {
  deals: Pick<DealQueries, 'ownerOf'>;
  requests: Pick<PaymentRequestQueries, 'creatorOf'>;
}

/**
 * Who holds a link changes what its pages show. An address confirmed is not told: at acceptance
 * its claim follows at once, and afterwards only the confirming browser shows it (its own answer).
 */
const claimNotices = new Set(['LinkClaimed', 'LinkClaimMoved']);

/** What an applied event tells the live connections, and whose deal, request or account it is (from the read models). */
function noticeLookup(
  queries: LiveQueries,
): (
  event: ProjectedEvent,
) => { notice: ChangeNotice; owner: string | null } | null {
  return (event) => {
    // A link's claim that was taken or moved changes what its pages show: told as the deal's or
    // request's change, so the device that lost the claim hears it at once.
    const claim = event.streamId.startsWith('link-claim-');
    const s = claim
      ? claimNotices.has(event.type)
        ? event.streamId.slice('link-claim-'.length)
        : ''
      : event.streamId;
    // Only the link's own pages show who holds it: its owner's screens are not told.
    if (s.startsWith('deal-')) {
      const id = Number(s.slice(5));
      const owner = claim
        ? null
        : (queries.deals.ownerOf(id) ??
          (event.data as { ownerId?: string }).ownerId ??
          null);
      return {
        notice: {
          kind: 'deal',
          id,
          type: event.type,
          position: event.position,
        },
        owner,
      };
    }
    if (s.startsWith('payment-request-')) {
      const id = Number(s.slice('payment-request-'.length));
      return {
        notice: {
          kind: 'payment-request',
          id,
          type: event.type,
          position: event.position,
        },
        owner: claim ? null : queries.requests.creatorOf(id),
      };
    }
    if (s.startsWith('user-')) {
      const id = s.slice(5);
      return {
        notice: {
          kind: 'user',
          id,
          type: event.type,
          position: event.position,
        },
        owner: id,
      };
    }
    return null;
  };
}

const matches = (
  scope: LiveScope,
  notice: ChangeNotice,
  owner: string | null,
): boolean => {
  switch (scope.kind) {
    case 'user':
      return owner === scope.userId;
    case 'deal':
      return notice.kind === 'deal' && notice.id === scope.dealId;
    case 'payment-request':
      return notice.kind === 'payment-request' && notice.id === scope.requestId;
    case 'admin':
      return notice.kind !== 'user';
  }
};

/** The count of every stream opened by a link without an account. */
const LINKS = 'links';

/** Open streams per account, link and address: a few numbers, however many streams are open. */
function holderCounts() {
  const counts = new Map<string, number>();
  const keysOf = (h: LiveHolder): string[] => [
    ...(h.account ? [`a|${h.account}`] : []),
    ...(h.link ? [`l|${h.link}`] : []),
    ...(h.link && !h.account ? [LINKS] : []),
    `i|${h.address}`,
  ];
  const bump = (holder: LiveHolder, by: number) => {
    for (const key of keysOf(holder)) {
      const n = (counts.get(key) ?? 0) + by;
      if (n > 0) counts.set(key, n);
      else counts.delete(key);
    }
  };
  return {
    opened: (holder: LiveHolder) => bump(holder, 1),
    closed: (holder: LiveHolder) => bump(holder, -1),
    /** The cap a new stream for `holder` would pass, with `open` streams open in all; null when it may open. */
    refusal(
      holder: LiveHolder,
      open: number,
      limits: LiveLimits,
    ): LiveRefusal | null {
      const over = (key: string, max: number) => (counts.get(key) ?? 0) >= max;
      if (open >= limits.maxTotal) return 'total';
      if (holder.account && over(`a|${holder.account}`, limits.maxPerUser))
        return 'per_account';
      if (holder.link && over(`l|${holder.link}`, limits.maxPerLink))
        return 'per_link';
      if (holder.link && !holder.account && over(LINKS, limits.maxLinkTotal))
        return 'links_total';
      return over(`i|${holder.address}`, limits.maxPerAddress)
        ? 'per_address'
        : null;
    },
    clear: () => counts.clear(),
  };
}

/**
 * Fans applied events out to server-sent-event connections. It runs after the read models applied
 * a batch (`runner.onApplied`), so a client that refetches on a notice already sees the change.
 */
export function createLiveHub({
  queries,
  limits,
  onRefused,
}: {
  queries: LiveQueries;
  limits: LiveLimits;
  onRefused?: (reason: LiveRefusal) => void;
}) {
  const listeners = new Set<Listener>();
  const counts = holderCounts();
  const noticeFor = noticeLookup(queries);

  return {
    /** Feed with each applied batch. */
    publish(events: ProjectedEvent[]): void {
      if (listeners.size === 0) return;
      // Logout, a password change, a deactivation or a link rotation ends the streams it authorised:
      // the read models already applied the batch, so `holds` sees the change.
      const touched = new Set(events.map((e) => e.streamId));
      for (const l of [...listeners])
        if (touched.has(l.grant.stream) && !l.grant.holds()) l.close();
      for (const event of events) {
        const found = noticeFor(event);
        if (!found) continue;
        for (const l of listeners)
          if (matches(l.scope, found.notice, found.owner)) l.send(found.notice);
      }
    },
    /** The cap a new stream for `holder` would pass, or null when it may open (counted on refusal). */
    refusal(holder: LiveHolder): LiveRefusal | null {
      const reason = counts.refusal(holder, listeners.size, limits);
      if (reason) onRefused?.(reason);
      return reason;
    },
    add(listener: Listener): () => void {
      listeners.add(listener);
      counts.opened(listener.holder);
      return () => {
        if (!listeners.delete(listener)) return;
        counts.closed(listener.holder);
      };
    },
    get size(): number {
      return listeners.size;
    },
    /** The global ceiling on open streams (LIVE_MAX_TOTAL). */
    get ceiling(): number {
      return limits.maxTotal;
    },
    /** Ends every open stream (shutdown). */
    closeAll(): void {
      for (const l of [...listeners]) l.close();
      listeners.clear();
      counts.clear();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
