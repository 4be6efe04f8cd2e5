import type { PayoutIdentity } from '@machines/account/payout-identity';
import { useMutation } from '@tanstack/react-query';
import { getAuthToken } from '@/lib/auth-token';
import { api } from '@/lib/http';
import { claimHeaders } from '@/lib/claim-secret';

export const startOnboarding = ({
  token,
  identity,
}: {
  token: string;
  identity?: PayoutIdentity;
}) =>
  api<{ url?: string }>(
    `/api/deals/start-onboarding/${encodeURIComponent(token)}`,
    {
      method: 'POST',
      body: identity ? { identity } : {},
      auth: getAuthToken() ? 'user' : 'none',
      headers: claimHeaders(token),
    },
  );
export const useStartOnboarding = () =>
  useMutation({ mutationFn: startOnboarding });
