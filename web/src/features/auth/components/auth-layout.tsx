import type { ReactNode } from 'react';
import { t } from '@/i18n';

export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-screen w-full max-w-md flex-col justify-center px-5 py-10">
      <div className="mb-6 text-center">
        <img
          src="/icon.svg"
          alt=""
          className="mx-auto mb-3 h-14 w-14"
          width="56"
          height="56"
        />
        <p className="text-sm font-semibold text-brand-600">{t('app.name')}</p>
        <h1 className="mt-1 text-2xl font-bold">{title}</h1>
        <p className="text-sm text-slate-500">{subtitle}</p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        {children}
      </div>
    </main>
  );
}
