/** At most this many links to the work go with a completion (the server checks the same). */
export const MAX_WORK_LINKS = 5;

/** A link to the work must be an http(s) address; the server validates again. */
export function isWorkLink(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
