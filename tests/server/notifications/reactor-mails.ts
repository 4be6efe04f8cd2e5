import { simpleParser, type ParsedMail } from 'mailparser';
import type { RecordedEvent } from '@server/event-store/event-store';
import type { TestApp } from '@tests/support/test-app';

/**
 * The notifications reactor fed by hand, as the mail tests drive it: `react` hands it every event
 * recorded since its last call (and answers them); `mailsTo` parses what the test-mode mail folder
 * holds for an address, the very MIME messages nodemailer built.
 */
export function reactorMails(app: () => TestApp) {
  let fed = 0;
  async function react(): Promise<RecordedEvent[]> {
    const t = app();
    await t.ctx.quiesce();
    const events = await t.ctx.store.readAll({ after: fed });
    for (const event of events) {
      await t.ctx.notifications.reactor.handle(event);
      fed = Math.max(fed, event.position);
    }
    return events;
  }
  async function mailsTo(email: string): Promise<ParsedMail[]> {
    const mail = app().ctx.notifications.mail;
    const stored = mail.list().filter((m) => m.to === email);
    return Promise.all(stored.map((m) => simpleParser(mail.read(m.name)!.raw)));
  }
  return { react, mailsTo };
}
