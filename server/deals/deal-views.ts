import type { AdminDealDto, DealDto } from '@machines/contract/api';
import type { AdminChip, DealFilter } from '@machines/deal/deal-order';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealQueries, DealRecord } from '../../projections/deals.queries';
import type { ProjectedEvent } from '../../projections/projection';
import type { Clock } from '../shared/clock';
import { dealNotFound } from '../commands/run-command';
import { toAdminDealDto, toDealDto, toDealListItem } from './deal-dto';
import type { EncodedAnswer } from '../http/encoded-answer';
import { createDealListCache } from './deal-list-cache';
import { createActorNames } from './actor-names';
import type { KeyedHash } from '../shared/keyed-hash';
import { ERASED_TEXT } from '@machines/events/erased-marker';

const DEFAULT_BRAND = 'Brand';

/**
 * The first guard deadline still ahead in a list: the reviewPeriodOver / disputePeriodOver guards
 * compare these with the time, so a list's `can` may change then without any event.
 */
function nextDeadline(records: readonly DealRecord[], nowMs: number): number {
  let next = Infinity;
  for (const { context: c } of records) {
    for (const at of [c.reviewPeriodEndsAt, c.disputePeriodEndsAt]) {
      const ms = at === null ? NaN : Date.parse(at);
      if (ms > nowMs && ms < next) next = ms;
    }
  }
  return next;
}

/** An admin's name by id, as admin screens show it. */
function adminNames(accounts: AccountQueries): (id: string) => string {
  const actorName = createActorNames(accounts);
  return (id) => actorName({ kind: 'admin', id });
}

/**
 * Every deal answer names its brand; the name changes only with a user event (see onApplied),
 * so it is looked up once rather than read and JSON-parsed from the users table per answer.
 */
function brandNameCache(accounts: AccountQueries) {
  const brandNames = new Map<string, string>();
  return {
    nameOf(ownerId: string): string {
      const known = brandNames.get(ownerId);
      if (known !== undefined) return known;
      const owner = accounts.userById(ownerId);
      // An erased brand is named as erased, never by its pseudonym (`erased-<id>`).
      const name = owner?.erased
        ? ERASED_TEXT
        : (owner?.companyName ?? owner?.username ?? DEFAULT_BRAND);
      if (!owner) return name;
      if (brandNames.size >= 50_000) brandNames.clear();
      brandNames.set(ownerId, name);
      return name;
    },
    forget: (ownerId: string): void => void brandNames.delete(ownerId),
  };
}

/** Drops the cached lists of every owner whose deals (or brand name) the batch changed. */
function dropChangedLists(
  events: readonly ProjectedEvent[],
  deals: DealQueries,
  listCache: ReturnType<typeof createDealListCache>,
  brands: ReturnType<typeof brandNameCache>,
): void {
  for (const event of events) {
    if (event.streamId.startsWith('user-')) {
      const userId = event.streamId.slice(5);
      brands.forget(userId);
      listCache.invalidateOwner(userId);
    } else if (event.streamId.startsWith('deal-')) {
      // DealCreated names its owner; later events are traced through the read model.
      const named = (event.data as { ownerId?: unknown }).ownerId;
      const owner =
        typeof named === 'string'
          ? named
          : deals.ownerOf(Number(event.streamId.slice(5)));
      if (typeof owner === 'string') listCache.invalidateOwner(owner);
      else listCache.clear();
    }
  }
}

interface ListParts {
  deals: DealQueries;
  listCache: ReturnType<typeof createDealListCache>;
  brandNameOf: (userId: string) => string;
  keyedHash: KeyedHash;
}

/** A brand's list answer from the cache; else built, and kept until a change or the next guard deadline. */
function ownerListAnswer(
  { deals, listCache, brandNameOf, keyedHash }: ListParts,
  {
    userId,
    filter,
    nowMs,
  }: { userId: string; filter: DealFilter; nowMs: number },
): EncodedAnswer {
  const hit = listCache.get(userId, filter, nowMs);
  if (hit) return hit;
  const brand = brandNameOf(userId);
  const at = new Date(nowMs).toISOString();
  const records = deals.listForOwner(userId, filter);
  return listCache.set(
    userId,
    filter,
    records.map((r) => toDealListItem(r, at, brand, keyedHash)),
    nextDeadline(records, nowMs),
  );
}

/** Who owns a deal, as admins see it; an account since gone is "(unknown)". */
function ownerSummary(accounts: AccountQueries, ownerId: string) {
  const owner = accounts.userById(ownerId);
  return {
    companyName: owner?.companyName ?? null,
    username: owner?.username ?? '(unknown)',
    email: owner?.email ?? '',
  };
}

/**
 * Deal reads for the routes: read model → DTO (with the state view at the clock's now).
 * The brand's list is encoded (JSON + gzip + ETag) once per change of the owner's deals and kept
 * until `onApplied` sees one, or a guard deadline in it passes: polling costs a map lookup.
 */
export function createDealViews({
  deals,
  accounts,
  clock,
  keyedHash,
}: {
  deals: DealQueries;
  accounts: AccountQueries;
  clock: Clock;
  /** The app secret's HMAC: the brand's answers carry its receipt's reference. */
  keyedHash: KeyedHash;
}) {
  const listCache = createDealListCache();
  const brands = brandNameCache(accounts);
  const brandNameOf = brands.nameOf;
  const now = () => clock.now().toISOString();
  const adminName = adminNames(accounts);

  return {
    brandNameOf,
    ownerRecord(id: number, userId: string): DealRecord {
      const record = deals.byId(id);
      if (!record || record.ownerId !== userId) throw dealNotFound();
      return record;
    },
    forOwner(id: number, userId: string): DealDto {
      const record = this.ownerRecord(id, userId);
      return toDealDto(record, now(), 'owner', brandNameOf(userId), keyedHash);
    },
    linkRecord(token: string): DealRecord {
      const record = deals.byToken(token);
      if (!record || record.context.shareableToken !== token)
        throw dealNotFound();
      return record;
    },
    forLink(token: string): DealDto {
      const record = this.linkRecord(token);
      return toDealDto(record, now(), 'link', brandNameOf(record.ownerId));
    },
    /** The brand's list, encoded; from the cache when nothing changed since it was built. */
    encodedListForOwner(userId: string, filter: DealFilter): EncodedAnswer {
      const nowMs = clock.now().getTime();
      const parts = { deals, listCache, brandNameOf, keyedHash };
      return ownerListAnswer(parts, { userId, filter, nowMs });
    },
    /**
     * Feed with each batch the projection runner applied: drops the lists of every owner whose
     * deals (or brand name) changed. Runs before the command's `settle` resolves.
     */
    onApplied(events: readonly ProjectedEvent[]): void {
      dropChangedLists(events, deals, listCache, brands);
    },
    recentForOwner(userId: string, limit: number): DealDto[] {
      const brand = brandNameOf(userId);
      const at = now();
      return deals
        .recentForOwner(userId, limit)
        .map((r) => toDealDto(r, at, 'owner', brand, keyedHash));
    },
    forAdmin(record: DealRecord): AdminDealDto {
      return toAdminDealDto(
        record,
        now(),
        ownerSummary(accounts, record.ownerId),
        adminName,
      );
    },
    adminList(chip: AdminChip, limit: number, offset: number): AdminDealDto[] {
      return deals
        .listForAdmin(chip, limit, offset)
        .map((r) => this.forAdmin(r));
    },
  };
}

export type DealViews = ReturnType<typeof createDealViews>;
