/**
 * The claim secret the server answers once when this browser accepts a deal (the creator) or a
 * payment request (the brand), or moves the claim here with an e-mail code: kept per link token,
 * and sent with what only the claimer may do, so someone with a forwarded link cannot act.
 */
export type ClaimKind = 'deal' | 'request';

const key = (token: string, kind: ClaimKind) =>
  `${kind === 'deal' ? 'dealClaim' : 'requestClaim'}:${token}`;

const CLAIM_SECRET_HEADER = 'X-Claim-Secret';

export function saveClaimSecret(
  token: string,
  secret: string | undefined,
  kind: ClaimKind = 'deal',
): void {
  if (!secret) return;
  try {
    localStorage.setItem(key(token, kind), secret);
  } catch {
    // Private mode without storage: "Continue on this device" claims it again by e-mail.
  }
}

export function claimHeaders(
  token: string,
  kind: ClaimKind = 'deal',
): Record<string, string> {
  try {
    const secret = localStorage.getItem(key(token, kind));
    return secret ? { [CLAIM_SECRET_HEADER]: secret } : {};
  } catch {
    return {};
  }
}
