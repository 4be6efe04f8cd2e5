import type { AdminDealDto, DealDto } from '../../machines/contract/api';
import type { AdminChip, DealFilter } from '../../projections/deal-order';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealQueries, DealRecord } from '../../projections/deals.queries';
import type { Clock } from '../shared/clock';
import { dealNotFound } from './deal-commands';
import { toAdminDealDto, toDealDto } from './deal-dto';

const DEFAULT_BRAND = 'Brand';

/**
 * Deal reads for the routes: read model → DTO (with the state view at the clock's now).
 * The brand's list is cached as a JSON string per owner and filter until one of the owner's deals
 * changes or the second turns (the `can` list depends on the time), so polling costs almost nothing.
 */
export function createDealViews({ deals, accounts, clock }: { deals: DealQueries; accounts: AccountQueries; clock: Clock }) {
  const listCache = new Map<string, { version: string; second: number; body: Buffer }>();
  const brandNameOf = (ownerId: string): string => {
    const owner = accounts.userById(ownerId);
    return owner?.companyName ?? owner?.username ?? DEFAULT_BRAND;
  };
  const now = () => clock.now().toISOString();

  return {
    brandNameOf,
    ownerRecord(id: number, userId: string): DealRecord {
      const record = deals.byId(id);
      if (!record || record.ownerId !== userId) throw dealNotFound();
      return record;
    },
    forOwner(id: number, userId: string): DealDto {
      return toDealDto(this.ownerRecord(id, userId), now(), 'owner', brandNameOf(userId));
    },
    linkRecord(token: string): DealRecord {
      const record = deals.byToken(token);
      if (!record || record.context.shareableToken !== token) throw dealNotFound();
      return record;
    },
    forLink(token: string): DealDto {
      const record = this.linkRecord(token);
      return toDealDto(record, now(), 'link', brandNameOf(record.ownerId));
    },
    listForOwner(userId: string, filter: DealFilter): DealDto[] {
      const brand = brandNameOf(userId);
      const at = now();
      return deals.listForOwner(userId, filter).map((r) => toDealDto(r, at, 'owner', brand));
    },
    /** The list as encoded JSON, from the cache when nothing changed (no re-encoding per request). */
    listJsonForOwner(userId: string, filter: DealFilter): Buffer {
      const key = `${userId}:${filter}`;
      const version = deals.ownerVersion(userId);
      const second = Math.floor(clock.now().getTime() / 1000);
      const hit = listCache.get(key);
      if (hit && hit.version === version && hit.second === second) return hit.body;
      const body = Buffer.from(JSON.stringify(this.listForOwner(userId, filter)));
      if (listCache.size > 5_000) listCache.clear();
      listCache.set(key, { version, second, body });
      return body;
    },
    recentForOwner(userId: string, limit: number): DealDto[] {
      const brand = brandNameOf(userId);
      const at = now();
      return deals.recentForOwner(userId, limit).map((r) => toDealDto(r, at, 'owner', brand));
    },
    forAdmin(record: DealRecord): AdminDealDto {
      const owner = accounts.userById(record.ownerId);
      return toAdminDealDto(record, now(), {
        companyName: owner?.companyName ?? null,
        username: owner?.username ?? '(unknown)',
        email: owner?.email ?? '',
      });
    },
    adminList(chip: AdminChip, limit: number, offset: number): AdminDealDto[] {
      return deals.listForAdmin(chip, limit, offset).map((r) => this.forAdmin(r));
    },
  };
}

export type DealViews = ReturnType<typeof createDealViews>;
