import { useEffect, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { toast } from '@/components/ui/toast-store';
import { AdminSessionExpired } from '@/features/admin/api/admin-api';
import {
  useAdminCounts,
  type AdminCounts,
} from '@/features/admin/api/admin-counts.query';
import { useAdminDeals } from '@/features/admin/api/admin-deals.query';
import { adminChips } from '@machines/deal/deal-order';
import { t } from '@/i18n';

export type Chip = keyof AdminCounts;
// The chips and the statuses each covers are the same rules the server counts with.
export const CHIPS = Object.keys(adminChips) as Chip[];

/** The deals tab: the chosen filter chip, its counts, the filtered list and the selected deal. */
export function useAdminDealsTab(onExpired: () => void) {
  const [params] = useSearchParams();
  const deals = useAdminDeals();
  const counts = useAdminCounts();
  const [chip, setChip] = useState<Chip>('all');
  // Admin alert e-mails link to /admin?deal=<id>: open on that deal.
  const [selected, setSelected] = useState<number | null>(
    Number(params.get('deal')) || null,
  );
  const expired = [deals.error, counts.error].some(
    (e) => e instanceof AdminSessionExpired,
  );
  useEffect(() => {
    if (expired) onExpired();
    else if (deals.isError)
      toast({
        title: t('admin.errorTitle'),
        description: t('admin.fetchFailed'),
        variant: 'destructive',
      });
  }, [deals.isError, expired, onExpired]);

  const statuses: readonly string[] | null = adminChips[chip];
  return {
    chip,
    counts: counts.data,
    choose: (next: Chip) => {
      setChip(next);
      setSelected(null);
    },
    list: (deals.data ?? []).filter(
      (d) =>
        d.status !== 'deleted' && (!statuses || statuses.includes(d.status)),
    ),
    pending: deals.isPending,
    loaded: deals.isSuccess,
    selected,
    setSelected,
    // Kept in view when a change moves it out of the chip's filter.
    current: deals.data?.find((d) => d.id === selected) ?? null,
  };
}

export type AdminDealsTab = ReturnType<typeof useAdminDealsTab>;
