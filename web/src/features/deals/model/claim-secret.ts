/**
 * The claim secret the server answers once when this browser accepts a deal: kept per link token,
 * and sent with bank setup and delivery so that only the accepting browser can do them (someone
 * with a forwarded link cannot take the payout).
 */
const key = (token: string) => `dealClaim:${token}`;

const CLAIM_SECRET_HEADER = 'X-Claim-Secret';

export function saveClaimSecret(token: string, secret: string | undefined): void {
  if (!secret) return;
  try {
    localStorage.setItem(key(token), secret);
  } catch {
    // Private mode without storage: the creator can still sign in to act.
  }
}

export function claimHeaders(token: string): Record<string, string> {
  try {
    const secret = localStorage.getItem(key(token));
    return secret ? { [CLAIM_SECRET_HEADER]: secret } : {};
  } catch {
    return {};
  }
}
