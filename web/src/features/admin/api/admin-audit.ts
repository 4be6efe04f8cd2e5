import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { getAdminToken } from '@/lib/admin-token';
import { HttpError } from '@/lib/http';
import { currentLanguage } from '@/i18n';
import type { EventText } from '@machines/events/event-texts';
import { adminApi, AdminSessionExpired } from './admin-api';
import { saveFile } from '@/lib/save-file';

/** One step of a deal's replay: the deal as it stood right after the event (server-side fold). */
export interface ReplayEntry {
  revision: number;
  type: string;
  at: string;
  actor: { kind: string; name: string };
  state: string;
  status: string;
  summary: EventText;
  view: {
    status: string;
    step: number | null;
    badge: string;
    onHold: boolean;
    can: string[];
    heldCents: number;
  };
  /** The event's postings in the deal's accounts and every balance after it. */
  ledger: ReplayLedger;
}

export type LedgerAccount =
  | 'gateway'
  | 'escrow'
  | 'payable'
  | 'refundable'
  | 'fees'
  | 'disputed'
  | 'losses';

export interface ReplayLedger {
  lines: {
    kind: 'posted' | 'reserved' | 'settled' | 'voided';
    debit: LedgerAccount;
    credit: LedgerAccount;
    amountCents: number;
  }[];
  reference: string | null;
  balances: {
    account: LedgerAccount;
    balanceCents: number;
    pendingCents: number;
  }[];
}

export interface ChainReport {
  ok: boolean;
  events: number;
  firstBreak: {
    revision: number;
    type: string;
    reason: 'mismatch' | 'missing';
  } | null;
}

export interface HoldAgeing {
  alertDays: number;
  deals: {
    dealId: number;
    title: string | null;
    heldSince: string;
    days: number;
    heldCents: number;
  }[];
}

import type { DisputeOutcome } from '@machines/contract/dispute-api';

export {
  disputeOutcomes,
  type DisputeOutcome,
} from '@machines/contract/dispute-api';

export const disputeKinds = ['deal', 'payment_request'] as const;
export type DisputeKind = (typeof disputeKinds)[number];
/** Which dispute: a deal's (by the deal's id) or a payment request's (by the request's id). */
export interface DisputeRef {
  kind: DisputeKind;
  id: number;
}

export interface DisputeSummary {
  kind: DisputeKind;
  dealId?: number;
  requestId?: number;
  title: string | null;
  brand: string;
  creator: string;
  amountCents: number;
  openedAt: string;
  reason: string;
  outcome: DisputeOutcome;
  resolvedAt: string | null;
  /** A deal with a plan: the milestone disputed (the amounts are that milestone's). */
  milestone?: number;
}

export interface DisputeDetail extends DisputeSummary {
  description: string | null;
  evidence: {
    at: string;
    by: string;
    text: string;
    files: { name: string; sha256: string }[];
  }[];
  holds: {
    since: string;
    until: string | null;
    source: string;
    reason: string;
    by: string;
  }[];
  decisions: { at: string; by: string; type: string; summary: EventText }[];
  automatic: { at: string; type: string; summary: EventText }[];
  money: {
    at: string;
    kind: string;
    amountCents: number;
    reference: string | null;
  }[];
  timeline: {
    at: string;
    type: string;
    actor: { name: string };
    summary: EventText;
  }[];
}

export interface DisputeFilters {
  kind: DisputeKind | '';
  outcome: DisputeOutcome | '';
  from: string;
  to: string;
}

export interface AdminAccount {
  id: string;
  username: string;
  role: 'admin' | 'auditor';
  active: boolean;
  createdAt: string | null;
  lastLoginAt: string | null;
}

const query = (f: DisputeFilters) => {
  const p = new URLSearchParams();
  if (f.kind) p.set('kind', f.kind);
  if (f.outcome) p.set('outcome', f.outcome);
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  return p;
};

export const useReplay = (id: number) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'events', id],
      queryFn: () => adminApi<ReplayEntry[]>(`/api/admin/deals/${id}/events`),
    }),
  );
export const useIntegrity = (id: number) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'integrity', id],
      queryFn: () => adminApi<ChainReport>(`/api/admin/deals/${id}/integrity`),
    }),
  );
export const useHoldAgeing = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'hold-ageing'],
      queryFn: () => adminApi<HoldAgeing>('/api/admin/deals/hold-ageing'),
    }),
  );
export const useDisputes = (f: DisputeFilters) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'disputes', f],
      queryFn: () =>
        adminApi<DisputeSummary[]>(
          `/api/admin/disputes?${query(f).toString()}`,
        ),
    }),
  );
export const disputeRefOf = (d: DisputeSummary): DisputeRef => ({
  kind: d.kind,
  id: (d.kind === 'deal' ? d.dealId : d.requestId)!,
});
/** A dispute's page on the server: a deal's by its id, a payment request's under payment-request/. */
export const disputePath = ({ kind, id }: DisputeRef) =>
  kind === 'deal'
    ? `/api/admin/disputes/${id}`
    : `/api/admin/disputes/payment-request/${id}`;
export const useDispute = (ref: DisputeRef | null) =>
  useQuery({
    queryKey: ['admin', 'dispute', ref?.kind, ref?.id],
    queryFn: () => adminApi<DisputeDetail>(disputePath(ref!)),
    enabled: ref !== null,
  });
export const useAdminAccounts = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'accounts'],
      queryFn: () => adminApi<AdminAccount[]>('/api/admin/accounts'),
    }),
  );

function useAdminMutation<V>(run: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
export const useAddNote = () =>
  useAdminMutation(({ id, note }: { id: number; note: string }) =>
    adminApi(`/api/admin/deals/${id}/notes`, {
      method: 'POST',
      body: { note },
    }),
  );
export const useCreateAccount = () =>
  useAdminMutation(
    (body: { username: string; password: string; role: 'admin' | 'auditor' }) =>
      adminApi<AdminAccount>('/api/admin/accounts', { method: 'POST', body }),
  );
export const useDeactivateAccount = () =>
  useAdminMutation((id: string) =>
    adminApi<AdminAccount>(`/api/admin/accounts/${id}/deactivate`, {
      method: 'POST',
      body: {},
    }),
  );

/**
 * Downloads an export with the admin token (a plain link cannot send it): fetch, then hand the
 * blob to the browser as a file under the server's name.
 */
export async function downloadExport(
  path: string,
  format: 'csv' | 'json',
  filters?: DisputeFilters,
): Promise<void> {
  const params = filters ? query(filters) : new URLSearchParams();
  params.set('format', format);
  const response = await fetch(`${path}?${params.toString()}`, {
    // The CSV's texts are in the language the admin reads the app in.
    headers: {
      Authorization: `Bearer ${getAdminToken() ?? ''}`,
      'Accept-Language': currentLanguage(),
    },
  });
  if (response.status === 401) throw new AdminSessionExpired();
  if (!response.ok)
    throw new HttpError(
      response.status,
      await response.text(),
      response.statusText,
    );
  const name =
    /filename="([^"]+)"/.exec(
      response.headers.get('content-disposition') ?? '',
    )?.[1] ?? `export.${format}`;
  saveFile(await response.blob(), name);
}
