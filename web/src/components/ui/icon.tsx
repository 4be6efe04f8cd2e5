/** Small inline icons (emoji fonts are not everywhere; these always render). Decorative: aria-hidden. */
const paths = {
  lock: 'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm5-2 5 5',
  check: 'M5 13l4 4L19 7',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-13v5l3 2',
  alert: 'M12 3 2 21h20L12 3zm0 7v5m0 3v.5',
  bank: 'M3 10h18L12 4 3 10zm2 0v8m4-8v8m6-8v8m4-8v8M3 20h18',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  party: 'M4 20l5-14 9 9-14 5zM14 4v2m4 0-1.5 1.5M20 10h-2',
  handshake: 'M3 12l4-4 5 3 5-3 4 4-7 7-4-3-3 2z',
  sparkle:
    'M12 3v4m0 10v4M3 12h4m10 0h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6m-6 4h6',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff:
    'M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c6 0 10 6 10 6a17 17 0 0 1-3.2 3.8M6.6 6.6C3.8 8.4 2 12 2 12s4 7 10 7a9.6 9.6 0 0 0 4.4-1.1',
} as const;

export type IconName = keyof typeof paths;

export function Icon({
  name,
  className = 'h-5 w-5',
}: {
  name: IconName;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`inline-block shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}

/** A large round icon above a page title. */
export function HeroIcon({
  name,
  tone = 'bg-brand-100 text-brand-700',
}: {
  name: IconName;
  tone?: string;
}) {
  return (
    <span
      className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full ${tone}`}
    >
      <Icon name={name} className="h-8 w-8" />
    </span>
  );
}
