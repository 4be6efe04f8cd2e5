import { useEffect, useRef, useSyncExternalStore } from 'react';
import { dismissToast, getToast, subscribeToast } from './toast-store';
import { t } from '@/i18n';

const SWIPE_THRESHOLD_PX = 50;

/**
 * Renders the single current toast (a polite `status`); swipe right or press × to dismiss, F8
 * focuses the region. Not a list: an item whose role is `status` breaks a list's structure (axe
 * `list`), and there is only ever one toast.
 */
export function ToastViewport() {
  const current = useSyncExternalStore(subscribeToast, getToast, getToast);
  const region = useRef<HTMLDivElement>(null);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') region.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section
      aria-label={`${t('toast.region')} (F8)`}
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex justify-center p-3"
    >
      <div ref={region} tabIndex={-1} className="w-full max-w-sm outline-none">
        {current && (
          <div
            key={current.id}
            role="status"
            aria-live="polite"
            data-testid="toast"
            onPointerDown={(e) => (startX.current = e.clientX)}
            onPointerUp={(e) => {
              if (
                startX.current !== null &&
                e.clientX - startX.current > SWIPE_THRESHOLD_PX
              )
                dismissToast();
              startX.current = null;
            }}
            className={`pointer-events-auto flex items-start gap-3 rounded-xl border p-4 shadow-lg ${
              current.variant === 'destructive'
                ? 'border-red-200 bg-red-700 text-white'
                : 'border-slate-200 bg-white text-slate-900'
            }`}
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{current.title}</p>
              {current.description && (
                <p className="mt-1 text-sm">{current.description}</p>
              )}
            </div>
            <button
              type="button"
              onClick={dismissToast}
              aria-label={t('toast.close')}
              className="-my-2.5 -mr-2.5 flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-xl leading-none hover:bg-black/10 focus-visible:outline focus-visible:outline-2 focus-visible:outline-current"
            >
              ×
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
