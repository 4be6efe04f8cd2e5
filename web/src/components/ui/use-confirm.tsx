import { useCallback, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/** `ask(text, action)` opens the prompt; the action runs only on Confirm. */
export function useConfirm(): { ask: (text: string, action: () => void, danger?: boolean) => void; dialog: ReactNode } {
  const [pending, setPending] = useState<{ text: string; action: () => void; danger: boolean } | null>(null);
  const ask = useCallback((text: string, action: () => void, danger = false) => setPending({ text, action, danger }), []);
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      text={pending?.text ?? ''}
      danger={pending?.danger ?? false}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const action = pending?.action;
        setPending(null);
        action?.();
      }}
    />
  );
  return { ask, dialog };
}
