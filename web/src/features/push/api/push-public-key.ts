import { api } from '@/lib/http';

/** The VAPID public key; the answer's field name is tolerated in either spelling. */
export async function fetchPushPublicKey(): Promise<string> {
  const answer = await api<{ publicKey?: string; key?: string } | string>(
    '/api/push/public-key',
  );
  return typeof answer === 'string'
    ? answer
    : (answer.publicKey ?? answer.key ?? '');
}
