import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { recordNotification } from '../shared/process-metrics';

/** A file sent with a message (a document's PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** One-click unsubscribe (RFC 8058) and similar headers. */
  headers?: Record<string, string>;
  /**
   * The same message sent again (a retried notification) has the same key: it becomes the
   * Message-ID, by which mail systems drop a copy, and the test-mode file is written over, not added.
   */
  key?: string;
  /** The Date header; the send time by default. */
  date?: Date;
  attachments?: MailAttachment[];
}

export interface StoredMail {
  /** File name under `<dataDir>/mail/` (no path). */
  name: string;
  to: string;
  subject: string;
  date: string;
}

export interface MailSender {
  readonly mode: 'smtp' | 'files';
  send(message: MailMessage): Promise<void>;
  /** Test mode: the messages written to the mail folder, newest first (empty in SMTP mode). */
  list(): StoredMail[];
  /** Test mode: one written message (raw RFC 5322 text and its parts), or null. */
  read(
    name: string,
  ): (StoredMail & { raw: string; text: string; html: string }) | null;
  /** Test mode: deletes every written message that contains one of `needles` (any case); how many. */
  removeMentioning(needles: readonly string[]): number;
}

const safeName = /^[\w.-]+\.eml$/;

/** Every hand-over is counted (escrow_notifications_total), as push deliveries are. */
const counted = <T>(sending: Promise<T>): Promise<T> =>
  sending.then(
    (sent) => {
      recordNotification('email', 'sent');
      return sent;
    },
    (error: unknown) => {
      recordNotification('email', 'failed');
      throw error;
    },
  );

/** Deletes each message (and its sidecar) whose raw text or sidecar holds a needle, in any case. */
function removeMentioning(folder: string, needles: readonly string[]): number {
  const wanted = needles
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n.length >= 3);
  let names: string[];
  try {
    names = readdirSync(folder).filter((n) => safeName.test(n));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    // A summary left half-written by a crash (`.json.tmp`) goes with its message too.
    const files = [
      join(folder, name),
      join(folder, `${name}.json`),
      join(folder, `${name}.json.tmp`),
    ];
    const text = files
      .map((f) => (existsSync(f) ? readFileSync(f, 'utf8') : ''))
      .join('\n')
      .toLowerCase();
    if (!wanted.some((n) => text.includes(n))) continue;
    for (const file of files) rmSync(file, { force: true });
    removed++;
  }
  return removed;
}

/** Without SMTP, a sent mail is kept as an `.eml` file and a `.json` summary for the test-mode page. */
function writeMailFiles(
  folder: string,
  date: string,
  key: string | undefined,
  message: Omit<MailMessage, 'key' | 'date'>,
  raw: Buffer | undefined,
): void {
  mkdirSync(folder, { recursive: true });
  const name = `${date.replace(/[:.]/g, '-')}-${key ?? randomUUID().slice(0, 8)}.eml`;
  writeFileSync(join(folder, name), raw ?? Buffer.alloc(0));
  // The summary is what readers list: written aside and renamed into place, so no reader (the
  // test-mode page, another instance) finds it half written.
  const summary = join(folder, `${name}.json`);
  writeFileSync(
    `${summary}.tmp`,
    JSON.stringify({
      name,
      to: message.to,
      subject: message.subject,
      date,
      text: message.text,
      html: message.html,
      attachments: (message.attachments ?? []).map((a) => a.filename),
    }),
  );
  renameSync(`${summary}.tmp`, summary);
}

/** The kept mails, newest first (none while the folder does not exist). */
function listMail(folder: string): StoredMail[] {
  let names: string[];
  try {
    names = readdirSync(folder).filter((n) => n.endsWith('.eml.json'));
  } catch {
    return [];
  }
  return names
    .map((n) => {
      const { name, to, subject, date } = JSON.parse(
        readFileSync(join(folder, n), 'utf8'),
      ) as StoredMail;
      return { name, to, subject, date };
    })
    .sort((a, b) => (a.name < b.name ? 1 : -1));
}

/**
 * Email through nodemailer. With `smtpUrl` it is real SMTP; without it, nodemailer's stream
 * transport builds the very same MIME message and it is written to `<dataDir>/mail/*.eml`, with a
 * small JSON sidecar (recipient, subject, date) for the test-mode mail page.
 */
export function createMailSender({
  smtpUrl,
  from,
  dataDir,
  now = () => new Date(),
}: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  now?: () => Date;
}): MailSender {
  const folder = join(dataDir, 'mail');
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({
        streamTransport: true,
        buffer: true,
        newline: 'unix',
      });

  // The sender's domain, parsed as nodemailer parses the From header, names the Message-IDs.
  const domain =
    addressparser(from, { flatten: true })[0]?.address.split('@')[1] ||
    'localhost';

  return {
    mode: smtpUrl ? 'smtp' : 'files',
    async send({ key, date: sentAt, ...message }) {
      const date = (sentAt ?? now()).toISOString();
      const info = (await counted(
        transport.sendMail({
          from,
          ...message,
          date,
          ...(key ? { messageId: `<${key}@${domain}>` } : {}),
        }),
      )) as { message?: Buffer };
      if (smtpUrl) return;
      writeMailFiles(folder, date, key, message, info.message);
    },
    list: () => listMail(folder),
    removeMentioning(needles) {
      return removeMentioning(folder, needles);
    },
    read(name) {
      if (!safeName.test(name)) return null;
      try {
        const parts = JSON.parse(
          readFileSync(join(folder, `${name}.json`), 'utf8'),
        ) as StoredMail & { text: string; html: string };
        return { ...parts, raw: readFileSync(join(folder, name), 'utf8') };
      } catch {
        return null;
      }
    },
  };
}
