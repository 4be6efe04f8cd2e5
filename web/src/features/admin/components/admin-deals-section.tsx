import type { AdminDealDto } from '@machines/contract/api';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/dates';
import { t, type MessageKey, formatMoney } from '@/i18n';
import {
  CHIPS,
  type AdminDealsTab,
} from '@/features/admin/hooks/use-admin-deals-tab';
import { AdminDealPanel } from './admin-deal-panel';
import { ListAndDetail } from './list-and-detail';

/** One deal in the list: creator and amount, status and date, title, a plan's milestones released, and how long it has been held. */
function DealCardBody({
  deal,
  heldDays,
}: {
  deal: AdminDealDto;
  heldDays: number | undefined;
}) {
  return (
    <>
      <span className="flex min-w-0 justify-between gap-2">
        <span className="min-w-0 truncate font-semibold">
          {deal.influencer}
        </span>
        <span className="shrink-0 font-semibold">
          {formatMoney(deal.amountCents)}
        </span>
      </span>
      <span className="flex min-w-0 justify-between gap-2 text-slate-600">
        <span className="min-w-0 truncate">
          {t(`admin.status.${deal.status}` as MessageKey)}
        </span>
        <span className="shrink-0">{formatDate(deal.createdAt)}</span>
      </span>
      {deal.title && (
        <span className="block truncate text-slate-600">{deal.title}</span>
      )}
      {deal.milestoneSummary && (
        <span
          className="block text-slate-600"
          data-testid="milestones-released"
        >
          {t('admin.milestonesReleased', {
            released: deal.milestoneSummary.released,
            total: deal.milestoneSummary.total,
          })}
        </span>
      )}
      {heldDays !== undefined && (
        <span
          className="mt-1 inline-block rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-800"
          data-testid="hold-age-chip"
        >
          {t('admin.holdAgeChip', { days: heldDays })}
        </span>
      )}
    </>
  );
}

/** The deals tab: filter chips with counts, the list, and the chosen deal's panel. */
export function AdminDealsSection({
  tab,
  readOnly,
  heldDays,
}: {
  /** The tab's state, kept by the page so the chosen deal stays open across tabs. */
  tab: AdminDealsTab;
  readOnly: boolean;
  heldDays: Map<number, number>;
}) {
  return (
    <>
      <div
        className="mb-4 flex flex-wrap gap-2"
        role="group"
        aria-label={t('admin.filter')}
      >
        {CHIPS.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={tab.chip === c}
            onClick={() => tab.choose(c)}
            className={`min-h-11 rounded-full border px-3 text-sm font-medium ${tab.chip === c ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white'}`}
          >
            {t(`admin.chip.${c}` as MessageKey)}{' '}
            <span>({tab.counts?.[c] ?? 0})</span>
          </button>
        ))}
      </div>
      {tab.pending && <Spinner />}
      <ListAndDetail
        label={t('admin.title')}
        items={tab.list}
        loaded={tab.loaded}
        emptyText={t('admin.empty')}
        selectText={t('admin.select')}
        selected={tab.selected}
        onSelect={tab.setSelected}
        current={tab.current}
        card={(d) => <DealCardBody deal={d} heldDays={heldDays.get(d.id)} />}
        detail={(d) => (
          <AdminDealPanel
            deal={d}
            readOnly={readOnly}
            heldDays={heldDays.get(d.id)}
          />
        )}
      />
    </>
  );
}
