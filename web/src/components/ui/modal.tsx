import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from './modal-dialog';

// headlessui is about 15 KB (compressed): it loads when a dialog first opens, not with the screen.
const ModalDialog = lazy(() => import('./modal-dialog').then((m) => ({ default: m.ModalDialog })));

/** A focus-trapped dialog (modal-dialog.tsx); nothing is loaded or rendered until it first opens. */
export function Modal(props: ModalProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
