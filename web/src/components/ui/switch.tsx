/**
 * An accessible on/off switch. The track is drawn 44 × 24 px; the button around it is 44 px high
 * (WCAG 2.5.5 target size), so a thumb that lands just above or below the track still counts.
 */
export function Switch({
  label,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="group inline-flex h-11 w-12 shrink-0 items-center justify-center rounded-full focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
    >
      <span
        aria-hidden="true"
        className={`inline-flex h-6 w-11 items-center rounded-full transition ${checked ? 'bg-brand-600' : 'bg-slate-500'}`}
      >
        <span
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </span>
    </button>
  );
}
