import {
  Dialog,
  DialogPanel,
  DialogTitle,
  Description,
} from '@headlessui/react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}

/** A focus-trapped dialog (headlessui); Escape and the backdrop close it. Loaded by modal.tsx. */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  children,
}: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-3 sm:items-center">
        <DialogPanel className="max-h-[90vh] w-full max-w-md overflow-y-auto rounded-2xl bg-white p-5 shadow-xl">
          <DialogTitle className="text-lg font-bold">{title}</DialogTitle>
          {description && (
            <Description className="mt-1 text-sm text-slate-500">
              {description}
            </Description>
          )}
          <div className="mt-4">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
