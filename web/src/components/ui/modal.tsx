import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ModalProps } from './modal-dialog';

// headlessui is about 15 KB (compressed): it loads when a dialog first opens, not with the screen.
const ModalDialog = lazy(() =>
  import('./modal-dialog').then((m) => ({ default: m.ModalDialog })),
);

/** Where focus may go back to: the opener, then its nearest enclosing item or section, then the page's main. */
function returnPlaces(opener: HTMLElement): HTMLElement[] {
  const places = [opener];
  const item = opener.parentElement?.closest<HTMLElement>(
    'li, article, section, form, [role="region"]',
  );
  if (item) places.push(item);
  const main = opener.closest<HTMLElement>('main');
  if (main) places.push(main);
  return places;
}

/** Focuses the first of `places` still on the page (an item or section made focusable by script only). */
function focusFirstConnected(places: HTMLElement[]): HTMLElement | null {
  const place = places.find((p) => p.isConnected) ?? null;
  if (!place) return null;
  if (place !== places[0] && !place.hasAttribute('tabindex'))
    place.setAttribute('tabindex', '-1');
  place.focus({ preventScroll: true });
  return place;
}

/**
 * Puts focus back once the closing dialog has left the page and focus fell to the page; stops when
 * something else took it. The panel may leave in a later render than the one that closed it (or
 * with the component), so the page's changes are watched for a while. A button disabled while its
 * action runs drops focus; it gets it back when enabled again (the server refused), and when it
 * goes (the action is no longer offered once the server has answered), the item or section that
 * held it does rather than the page.
 */
function returnFocus(places: HTMLElement[]): void {
  let focused: HTMLElement | null = null;
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  const settle = () => {
    const active = document.activeElement;
    if (active?.closest('[role="dialog"]')) return;
    if (places.includes(active as HTMLElement)) focused = active as HTMLElement;
    else if (active && active !== document.body) stop();
    else if (focused === null || !focused.isConnected)
      focused = focusFirstConnected(places);
    else if (!focused.matches(':disabled')) focused.focus();
  };
  const observer = new MutationObserver(settle);
  const timer = window.setTimeout(stop, 10_000);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributeFilter: ['disabled'],
  });
  settle();
}

/**
 * Gives focus back to what had it when the dialog opened, when it closes or is removed open.
 * headlessui does this from a focus history it keeps from the moment it loads; loaded with the
 * first dialog, it has not seen the button that opened it, and focus would fall to the page.
 */
function useFocusReturn(open: boolean) {
  const opener = useRef<HTMLElement[] | null>(null);
  const [shown, setShown] = useState(false);
  if (open !== shown) {
    setShown(open);
    if (open && document.activeElement instanceof HTMLElement)
      opener.current = returnPlaces(document.activeElement);
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
