import type { PersonalDataExport } from '@machines/contract/privacy-api';
import { claimHeaders } from '@/lib/claim-secret';
import { api } from '@/lib/http';
import { saveFile } from '@/lib/save-file';

export type { PersonalDataExport };

/** Whose data an export is: the signed-in user's, a deal link's creator's, or a user's for an admin. */
export type ExportTarget =
  | { kind: 'user' }
  | { kind: 'link'; token: string }
  | { kind: 'admin'; user: string };

/** Asks the server for the export (each call is recorded there and counts towards the hourly limit). */
export function requestDataExport(
  target: ExportTarget,
): Promise<PersonalDataExport> {
  if (target.kind === 'user')
    return api('/api/profile/export', { method: 'POST' });
  if (target.kind === 'link')
    return api(`/api/deals/link/${encodeURIComponent(target.token)}/export`, {
      method: 'POST',
      auth: 'none',
      headers: claimHeaders(target.token, 'deal'),
    });
  return api('/api/admin/users/export', {
    method: 'POST',
    auth: 'admin',
    body: { user: target.user },
  });
}

/** The export as a JSON file, named by whose data it is and when it was made. */
export function saveExport(data: PersonalDataExport): void {
  const day = data.generatedAt.slice(0, 10);
  const blob = new Blob([JSON.stringify(data, null, 2)], {
    type: 'application/json',
  });
  saveFile(blob, `my-data-${data.subject.kind}-${data.subject.id}-${day}.json`);
}

/** The app page of a document the export lists by its API path (`/api/deals/7/receipt` → `/deals/7/receipt`). */
export function documentPage(url: string): string {
  return url
    .replace(/^\/api\/deals\/link\/([^/]+)\/statement$/, '/accept/$1/statement')
    .replace(
      /^\/api\/payment-requests\/link\/([^/]+)\/receipt$/,
      '/pay-request/$1/receipt',
    )
    .replace(/^\/api\//, '/');
}
