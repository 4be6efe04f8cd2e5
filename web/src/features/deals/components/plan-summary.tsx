import type { DealDto } from '@machines/contract/api';
import { formatDate } from '@/lib/dates';
import { t, formatMoney } from '@/i18n';
import { deliverableLabel } from '@/features/deals/model/deliverables';

/** A deal's milestone plan in its contract's terms: each milestone's title, deliverables, amount and due date (none: nothing). */
export function PlanSummary({ deal }: { deal: DealDto }) {
  const milestones = deal.milestones ?? [];
  if (milestones.length === 0) return null;
  return (
    <div data-testid="plan-summary">
      <dt className="text-slate-500">{t('plan.summary')}</dt>
      <dd>
        <ol className="mt-1 list-decimal space-y-2 pl-5">
          {milestones.map((m) => (
            <li key={m.index}>
              <span className="font-medium break-words">{m.title}</span>
              <span className="block text-slate-600">
                {formatMoney(m.amountCents)} ·{' '}
                {t('plan.summaryDue', { date: formatDate(m.dueDate) })}
              </span>
              {m.deliverables.length > 0 && (
                <span className="block text-xs text-slate-500">
                  {m.deliverables.map(deliverableLabel).join(', ')}
                </span>
              )}
            </li>
          ))}
        </ol>
      </dd>
    </div>
  );
}
