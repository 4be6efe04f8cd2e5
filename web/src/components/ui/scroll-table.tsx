import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a phone inside a labelled, focusable region (keyboard users can
 * scroll it; axe asks for the label): the one shell of the admin's money tables.
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
      className="overflow-x-auto"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="w-full text-left text-sm" data-testid={testId}>
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
