import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { focusPlaces, returnFocus } from './focus-return';
import type { ModalProps } from './modal-dialog';

// headlessui is about 15 KB (compressed): it loads when a dialog first opens, not with the screen.
const ModalDialog = lazy(() =>
  import('./modal-dialog').then((m) => ({ default: m.ModalDialog })),
);

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
      opener.current = focusPlaces(document.activeElement);
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
