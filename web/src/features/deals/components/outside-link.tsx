/** Only web addresses become links; anything else the brand typed stays text. */
const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value.trim());

/** A link the brand entered (profile, briefing): opens in a new tab, passes no referrer. */
export function OutsideLink({ href }: { href: string }) {
  if (!isWebAddress(href)) return <span className="break-words">{href}</span>;
  return (
    <a
      href={href.trim()}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="inline-flex min-h-11 items-center break-all font-medium text-brand-700 underline"
    >
      {href.trim()}
    </a>
  );
}
