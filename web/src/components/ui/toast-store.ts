/** A one-toast-at-a-time store (docs/product.md §9: limit 1, 5000 ms). */
export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const DURATION_MS = 5_000;
let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((l) => l());

export function toast(input: Omit<Toast, 'id'>): void {
  clearTimeout(timer);
  current = { ...input, id: nextId++ };
  timer = setTimeout(dismissToast, DURATION_MS);
  emit();
}

export function dismissToast(): void {
  clearTimeout(timer);
  current = null;
  emit();
}

export const getToast = (): Toast | null => current;

export function subscribeToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
