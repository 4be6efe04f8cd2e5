import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** docs/product.md §9: tooltips open after 700 ms; within 300 ms of another closing they open at once. */
const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;
let lastClosedAt = 0;

export function Tooltip({
  content,
  children,
}: {
  content: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    const skip = Date.now() - lastClosedAt < SKIP_DELAY_MS;
    if (skip) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((was) => {
      if (was) lastClosedAt = Date.now();
      return false;
    });
  };

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => e.key === 'Escape' && hide()}
    >
      <span aria-describedby={open ? id : undefined} className="inline-flex">
        {children}
      </span>
      {open && (
        <span
          id={id}
          role="tooltip"
          className="pointer-events-none absolute bottom-full left-1/2 z-20 mb-2 w-max max-w-[10rem] -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-center text-xs text-white shadow"
        >
          {content}
        </span>
      )}
    </span>
  );
}
