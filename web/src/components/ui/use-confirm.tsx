import { useCallback, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

interface Pending {
  text: string;
  action: (input: string) => void;
  danger: boolean;
  inputLabel: string | null;
}

/**
 * `ask(text, action)` opens the prompt; the action runs only on Confirm. With `inputLabel` the
 * prompt also offers an optional text box, whose value the action receives.
 */
export function useConfirm(): {
  ask: (
    text: string,
    action: (input: string) => void,
    danger?: boolean,
    inputLabel?: string,
  ) => void;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const [input, setInput] = useState('');
  const ask = useCallback(
    (
      text: string,
      action: (input: string) => void,
      danger = false,
      inputLabel?: string,
    ) => {
      setInput('');
      setPending({ text, action, danger, inputLabel: inputLabel ?? null });
    },
    [],
  );
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      text={pending?.text ?? ''}
      danger={pending?.danger ?? false}
      input={
        pending?.inputLabel
          ? { label: pending.inputLabel, value: input, onChange: setInput }
          : undefined
      }
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const action = pending?.action;
        setPending(null);
        action?.(input);
      }}
    />
  );
  return { ask, dialog };
}
