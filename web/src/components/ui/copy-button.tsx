import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from './button';

const COPIED_MS = 2_000;

/** Copies `text`; its label reads `copiedLabel` for 2 s (docs/product.md §9). `onError` is optional: some panels fail silently. */
export function CopyButton({
  text,
  label,
  copiedLabel,
  onError,
  ...rest
}: {
  text: string;
  label: string;
  copiedLabel: string;
  onError?: () => void;
} & Omit<ButtonProps, 'onClick'>) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      onError?.();
    }
  };
  return (
    <Button variant="secondary" onClick={() => void copy()} {...rest}>
      {copied ? copiedLabel : label}
    </Button>
  );
}
