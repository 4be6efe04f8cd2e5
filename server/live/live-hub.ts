import type { Database } from 'better-sqlite3';
import type { ChangeNotice } from '../../machines/contract/api';
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

interface Listener {
  scope: LiveScope;
  grant: LiveGrant;
  send(notice: ChangeNotice): void;
  close(): void;
}

/**
 * Fans applied events out to server-sent-event connections. It runs after the read models applied
 * a batch (`runner.onApplied`), so a client that refetches on a notice already sees the change.
 */
export function createLiveHub({ db }: { db: Database }) {
  const listeners = new Set<Listener>();
  const dealOwner = db.prepare<[number], { owner_id: string }>('SELECT owner_id FROM rm_deals WHERE id = ?');
  const requestCreator = db.prepare<[number], { creator_id: string }>('SELECT creator_id FROM rm_payment_requests WHERE id = ?');

  function noticeFor(event: ProjectedEvent): { notice: ChangeNotice; owner: string | null } | null {
    const s = event.streamId;
    if (s.startsWith('deal-')) {
      const id = Number(s.slice(5));
      const owner = dealOwner.get(id)?.owner_id ?? (event.data as { ownerId?: string }).ownerId ?? null;
      return { notice: { kind: 'deal', id, type: event.type, position: event.position }, owner };
    }
    if (s.startsWith('payment-request-')) {
      const id = Number(s.slice('payment-request-'.length));
      return { notice: { kind: 'payment-request', id, type: event.type, position: event.position }, owner: requestCreator.get(id)?.creator_id ?? null };
    }
    if (s.startsWith('user-')) {
      const id = s.slice(5);
      return { notice: { kind: 'user', id, type: event.type, position: event.position }, owner: id };
    }
    return null;
  }

  const matches = (scope: LiveScope, notice: ChangeNotice, owner: string | null): boolean => {
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

  return {
    /** Feed with each applied batch. */
    publish(events: ProjectedEvent[]): void {
      if (listeners.size === 0) return;
      // Logout, a password change, a deactivation or a link rotation ends the streams it authorised:
      // the read models already applied the batch, so `holds` sees the change.
      const touched = new Set(events.map((e) => e.streamId));
      for (const l of [...listeners]) if (touched.has(l.grant.stream) && !l.grant.holds()) l.close();
      for (const event of events) {
        const found = noticeFor(event);
        if (!found) continue;
        for (const l of listeners) if (matches(l.scope, found.notice, found.owner)) l.send(found.notice);
      }
    },
    add(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get size(): number {
      return listeners.size;
    },
    /** Ends every open stream (shutdown). */
    closeAll(): void {
      for (const l of [...listeners]) l.close();
      listeners.clear();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
