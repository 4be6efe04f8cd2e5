import type { ReactNode } from 'react';

/**
 * The admin's two-column view: a list of cards, one selected, and its detail beside it. The deals
 * and the payment-requests tabs both use it, so a card selects and shows the same way in each.
 */
export function ListAndDetail<T extends { id: number }>({
  label,
  items,
  loaded,
  emptyText,
  selectText,
  selected,
  onSelect,
  card,
  detail,
  testId,
  current = items.find((item) => item.id === selected) ?? null,
}: {
  /** The list's accessible name. */
  label: string;
  items: readonly T[];
  /** The list has loaded (an empty one then says so). */
  loaded: boolean;
  emptyText: string;
  /** Shown beside the list while nothing is selected. */
  selectText: string;
  selected: number | null;
  onSelect: (id: number) => void;
  card: (item: T) => ReactNode;
  detail: (item: T) => ReactNode;
  testId?: string;
  /** What the detail shows; by default the selected item of the list. */
  current?: T | null;
}) {
  return (
    // minmax(0, 1fr) columns and min-w-0 items: a long name truncates instead of widening the card.
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <ul className="min-w-0 space-y-2" aria-label={label}>
        {loaded && items.length === 0 && (
          <li className="text-sm text-slate-500">{emptyText}</li>
        )}
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onSelect(item.id)}
              aria-current={selected === item.id}
              {...(testId ? { 'data-testid': testId } : {})}
              className={`block w-full min-w-0 rounded-xl border bg-white p-3 text-left text-sm shadow-sm ${selected === item.id ? 'border-brand-600 ring-2 ring-brand-100' : 'border-slate-200'}`}
            >
              {card(item)}
            </button>
          </li>
        ))}
      </ul>
      <div className="min-w-0">
        {current ? (
          detail(current)
        ) : (
          <p className="text-sm text-slate-500">{selectText}</p>
        )}
      </div>
    </div>
  );
}
