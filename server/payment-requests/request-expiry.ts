/**
 * A payment request expires at the end of its deadline day (UTC) or `expiryDays` after creation,
 * whichever comes first: an old deadline cannot keep a request open for ever. A deadline without a parsable date only uses the second.
 */
export function requestExpiresAt(
  deadline: string,
  createdAt: Date,
  expiryDays: number,
): Date {
  const cap = new Date(createdAt.getTime() + expiryDays * 86_400_000);
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(deadline.trim())?.[1];
  const parsed = day
    ? Date.parse(`${day}T23:59:59.999Z`)
    : Date.parse(deadline);
  if (Number.isNaN(parsed)) return cap;
  return parsed < cap.getTime() ? new Date(parsed) : cap;
}
