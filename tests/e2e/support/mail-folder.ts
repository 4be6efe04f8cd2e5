import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from './server';

/** A mail as the server keeps it without SMTP: the .eml's summary beside it (`<name>.eml.json`). */
export interface FolderMail {
  name: string;
  to: string;
  subject: string;
  text: string;
  attachments: string[];
}

/** The mails in the instance's mail folder not read before, newest first. */
function unread(
  server: Pick<RunningServer, 'dataDir'>,
  seen: Set<string>,
): FolderMail[] {
  const folder = join(server.dataDir, 'mail');
  let names: string[] = [];
  try {
    names = readdirSync(folder).filter(
      (n) => n.endsWith('.eml.json') && !seen.has(n),
    );
  } catch {
    // No mail yet.
  }
  return names
    .sort()
    .reverse()
    .map((n) => ({
      ...(JSON.parse(readFileSync(join(folder, n), 'utf8')) as FolderMail),
      name: n,
    }));
}

/**
 * The newest mail to `to` whose subject matches, not read before (it is marked read), waiting up
 * to a minute until it arrives: notifications are sent by a reactor after the event.
 */
export async function mailTo(
  server: Pick<RunningServer, 'dataDir'>,
  to: string,
  subject: RegExp,
  seen: Set<string> = new Set(),
): Promise<FolderMail> {
  for (let i = 0; i < 300; i++) {
    const mail = unread(server, seen).find(
      (m) => m.to === to && subject.test(m.subject),
    );
    if (mail) {
      seen.add(mail.name);
      return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with a subject like ${subject}`);
}

/** The app page a notification mail opens (its "Open in the app" link), as a path on this server. */
export function openedPath(
  server: Pick<RunningServer, 'url'>,
  mail: FolderMail,
): string {
  const escaped = server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`${escaped}(/[^\\s]*)`).exec(mail.text)?.[1];
  if (!link)
    throw new Error(`no link to ${server.url} in the mail "${mail.subject}"`);
  return link;
}
