import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Unsubscribe links carry the recipient key (`user:<id>` or `email:<address>`) signed with the
 * app secret, so a link works without signing in and cannot be forged for someone else.
 */
export function createUnsubscribeLinks(secret: string, publicUrl: string) {
  const mac = (payload: string) => createHmac('sha256', `unsubscribe:${secret}`).update(payload).digest('base64url');
  const tokenFor = (recipient: string) => {
    const payload = Buffer.from(recipient, 'utf8').toString('base64url');
    return `${payload}.${mac(payload)}`;
  };
  return {
    tokenFor,
    urlFor: (recipient: string, language: string) => `${publicUrl}/api/notifications/unsubscribe?token=${tokenFor(recipient)}&lang=${language}`,
    /** The recipient key of a valid token, else null. */
    verify(token: string): string | null {
      const [payload, signature] = token.split('.');
      if (!payload || !signature) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return Buffer.from(payload, 'base64url').toString('utf8');
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;
