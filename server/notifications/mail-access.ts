import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Test-mode mail pages act only for whoever got their URL from an admin: each message's URL
 * carries a key signed with the app secret (`?key=`), as the simulated gateway's pages do.
 */
export function createMailAccess(secret: string) {
  const keyFor = (name: string) =>
    createHmac('sha256', `sim-mail:${secret}`)
      .update(name)
      .digest('base64url')
      .slice(0, 32);
  return {
    /** The page of one message, with its key (a path: the admin opens it on the app's own host). */
    urlFor: (name: string) =>
      `/sim/mail/${encodeURIComponent(name)}?key=${keyFor(name)}`,
    holds(name: string, given: unknown): boolean {
      if (typeof given !== 'string') return false;
      const a = Buffer.from(given);
      const b = Buffer.from(keyFor(name));
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}
