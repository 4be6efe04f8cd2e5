import { NavLink } from '@/lib/router';
import { t } from '@/i18n';

const tabs = [
  { to: '/', label: () => t('nav.deals'), icon: 'M3 7h18M3 12h18M3 17h12' },
  { to: '/create', label: () => t('nav.create'), icon: 'M12 5v14M5 12h14' },
  {
    to: '/profile',
    label: () => t('nav.profile'),
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
  },
];

/** The tabs themselves (lazy: see bottom-nav.tsx). */
export default function BottomNavTabs({ pathname }: { pathname: string }) {
  return (
    // Solid white and slate-600 labels: over a translucent bar and the page behind it, slate-500
    // labels measured 4.43:1 (axe: colour contrast, serious).
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto flex max-w-md">
        {tabs.map((tab) => (
          <li key={tab.to} className="flex-1">
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                `flex flex-col items-center gap-0.5 py-2 text-xs font-medium ${isActive || (tab.to === '/' && pathname === '/deals') ? 'text-brand-700' : 'text-slate-600'}`
              }
            >
              <svg
                viewBox="0 0 24 24"
                className="h-6 w-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                aria-hidden="true"
              >
                <path d={tab.icon} />
              </svg>
              {tab.label()}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
