import { claimHeaders } from '@/lib/claim-secret';
import { api } from '@/lib/http';

/** Whose data to erase: the signed-in user's (with their password), a deal link's creator's, or a user's for an admin. */
export type ErasureTarget =
  | { kind: 'user'; password: string }
  | { kind: 'link'; token: string }
  | { kind: 'admin'; user: string };

/** Asks the server to forget the person; refused (409 `erasure_money_held`) while money is held. */
export function requestErasure(
  target: ErasureTarget,
): Promise<{ erased: true }> {
  if (target.kind === 'user')
    return api('/api/profile/erase', {
      method: 'POST',
      body: { password: target.password },
    });
  if (target.kind === 'link')
    return api(`/api/deals/link/${encodeURIComponent(target.token)}/erase`, {
      method: 'POST',
      auth: 'none',
      headers: claimHeaders(target.token, 'deal'),
    });
  return api('/api/admin/users/erase', {
    method: 'POST',
    auth: 'admin',
    body: { user: target.user },
  });
}
