import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a phone inside a labelled, focusable region (keyboard users can
 * scroll it; axe asks for the label): the one shell of the admin's money tables. No cell breaks
 * over lines (an amount or a reference read in pieces is misread); what does not fit scrolls, and
 * the first column, which says what each row is, stays in view while it does.
 */
export function ScrollTable({
  label,
  columns,
  caption,
  testId,
  children,
}: {
  label: string;
  columns: string[];
  caption?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div
      className="overflow-x-auto bg-white"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table
        className="w-full text-left text-sm [&_td]:px-2 [&_td]:py-1 [&_td]:whitespace-nowrap [&_th]:px-2 [&_th]:py-1 [&_th]:whitespace-nowrap [&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:bg-white [&_tr>:first-child]:pl-0"
        data-testid={testId}
      >
        {caption && (
          <caption className="text-left text-slate-500">{caption}</caption>
        )}
        <thead>
          <tr className="text-slate-500">
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
