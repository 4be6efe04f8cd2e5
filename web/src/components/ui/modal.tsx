import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ModalProps } from './modal-dialog';

// headlessui is about 15 KB (compressed): it loads when a dialog first opens, not with the screen.
const ModalDialog = lazy(() =>
  import('./modal-dialog').then((m) => ({ default: m.ModalDialog })),
);

/**
 * Puts focus back on `target` once the closing dialog has left the page and focus fell to the
 * page; leaves it alone when something outside a dialog took it. The panel may leave in a later
 * render than the one that closed it (or with the component), so the page's changes are watched
 * for a moment.
 */
function returnFocus(target: HTMLElement): void {
  const settle = (): boolean => {
    const active = document.activeElement;
    if (active?.closest('[role="dialog"]')) return false;
    if ((!active || active === document.body) && target.isConnected)
      target.focus();
    return true;
  };
  if (settle()) return;
  const observer = new MutationObserver(() => {
    if (!settle()) return;
    observer.disconnect();
    window.clearTimeout(stop);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const stop = window.setTimeout(() => observer.disconnect(), 2_000);
}

/**
 * Gives focus back to what had it when the dialog opened, when it closes or is removed open.
 * headlessui does this from a focus history it keeps from the moment it loads; loaded with the
 * first dialog, it has not seen the button that opened it, and focus would fall to the page.
 */
function useFocusReturn(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const [shown, setShown] = useState(false);
  if (open !== shown) {
    setShown(open);
    if (open && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
  }
  useEffect(() => {
    if (open || !opener.current) return;
    returnFocus(opener.current);
    opener.current = null;
  }, [open]);
  useEffect(
    () => () => {
      if (opener.current) returnFocus(opener.current);
    },
    [],
  );
}

/** A focus-trapped dialog (modal-dialog.tsx); nothing is loaded or rendered until it first opens. */
export function Modal(props: ModalProps) {
  const [opened, setOpened] = useState(props.open);
  useFocusReturn(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
