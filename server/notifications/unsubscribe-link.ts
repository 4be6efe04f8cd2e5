import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens that carry a short text signed with the app secret for one purpose, so a link in an e-mail
 * works without signing in and cannot be forged for someone else (nor reused for another purpose).
 */
export function createSignedTokens(secret: string, purpose: string) {
  const mac = (payload: string) =>
    createHmac('sha256', `${purpose}:${secret}`)
      .update(payload)
      .digest('base64url');
  return {
    tokenFor(text: string): string {
      const payload = Buffer.from(text, 'utf8').toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    /** The signed text of a valid token, else null. */
    verify(token: string): string | null {
      const [payload, signature] = token.split('.');
      if (!payload || !signature) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        return null;
      return Buffer.from(payload, 'base64url').toString('utf8');
    },
  };
}

/** Unsubscribe links carry the recipient key (`user:<id>` or `email:<address>`). */
export function createUnsubscribeLinks(secret: string, publicUrl: string) {
  const tokens = createSignedTokens(secret, 'unsubscribe');
  return {
    tokenFor: tokens.tokenFor,
    urlFor: (recipient: string, language: string) =>
      `${publicUrl}/api/notifications/unsubscribe?token=${tokens.tokenFor(recipient)}&lang=${language}`,
    /** The recipient key of a valid token, else null. */
    verify: tokens.verify,
  };
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;

/**
 * The link in a payment request e-mail with which its recipient blocks further requests from that
 * creator to that address: it carries the creator's id and the address.
 */
export function createRequestBlockLinks(secret: string, publicUrl: string) {
  const tokens = createSignedTokens(secret, 'request-block');
  return {
    urlFor: (email: string, creatorId: string, language: string) =>
      `${publicUrl}/api/payment-requests/block-sender?token=${tokens.tokenFor(`${creatorId} ${email.trim().toLowerCase()}`)}&lang=${language}`,
    /** The creator and address of a valid token, else null. */
    verify(token: string): { creatorId: string; email: string } | null {
      const text = tokens.verify(token);
      const space = text?.indexOf(' ') ?? -1;
      return text && space > 0
        ? { creatorId: text.slice(0, space), email: text.slice(space + 1) }
        : null;
    },
  };
}

export type RequestBlockLinks = ReturnType<typeof createRequestBlockLinks>;
