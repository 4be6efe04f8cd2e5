import type { ReactNode } from 'react';

/** The mobile-width page frame: max 28rem wide, padded, leaves room for the bottom navigation. */
export function Page({
  title,
  subtitle,
  actions,
  children,
  back,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  back?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto w-full max-w-md px-4 pb-28 pt-4">
      {(title || actions || back) && (
        <header className="mb-4 flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-2">
            {back}
            <div className="min-w-0">
              {title && (
                <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
              )}
              {subtitle && <p className="text-sm text-slate-500">{subtitle}</p>}
            </div>
          </div>
          {actions && (
            <div className="flex shrink-0 items-center gap-2">{actions}</div>
          )}
        </header>
      )}
      {children}
    </main>
  );
}
