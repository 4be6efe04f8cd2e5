import { useRef, useState, type ReactNode } from 'react';
import { t } from '@/i18n';

/** docs/product.md §2/§9: the delete area shows beyond 20 px, the drag stops at 120 px, release beyond 80 px deletes. */
const REVEAL_PX = 20;
const DELETE_PX = 80;
const MAX_PX = 120;

export function SwipeToDelete({
  enabled,
  onDelete,
  children,
}: {
  enabled: boolean;
  onDelete: () => void;
  children: ReactNode;
}) {
  const [offset, setOffset] = useState(0);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const dragging = useRef(false);

  if (!enabled) return <>{children}</>;

  const end = () => {
    if (offset > DELETE_PX) onDelete();
    start.current = null;
    dragging.current = false;
    setOffset(0);
  };

  return (
    <div
      className="relative overflow-hidden rounded-2xl"
      data-testid="swipe-container"
    >
      {offset > REVEAL_PX && (
        <div
          data-testid="swipe-reveal"
          className="absolute inset-y-0 right-0 flex w-32 items-center justify-end rounded-2xl bg-red-600 pr-4 text-sm font-semibold text-white"
          aria-hidden="true"
        >
          {t('card.delete')}
        </div>
      )}
      <div
        data-testid="swipe-track"
        data-offset={offset}
        style={{
          transform: `translateX(${-offset}px)`,
          transition: start.current ? 'none' : 'transform 150ms ease-out',
          touchAction: 'pan-y',
        }}
        onPointerDown={(e) => {
          if (
            (e.target as HTMLElement).closest(
              'button, a, input, textarea, select',
            )
          )
            return;
          start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
        }}
        onPointerMove={(e) => {
          if (!start.current || start.current.id !== e.pointerId) return;
          const dx = start.current.x - e.clientX;
          if (
            !dragging.current &&
            Math.abs(dx) > 5 &&
            Math.abs(dx) > Math.abs(e.clientY - start.current.y)
          ) {
            dragging.current = true;
            e.currentTarget.setPointerCapture(e.pointerId);
          }
          if (dragging.current) setOffset(Math.min(MAX_PX, Math.max(0, dx)));
        }}
        onPointerUp={end}
        onPointerCancel={() => {
          start.current = null;
          dragging.current = false;
          setOffset(0);
        }}
      >
        {children}
      </div>
    </div>
  );
}
