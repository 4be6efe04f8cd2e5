import { createHash } from 'node:crypto';
import type { Language } from '@machines/account/account.events';
import { languageOf } from '@machines/account/user.machine';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { MailSender } from '../notifications/mail-sender';
import { withoutEmailAddresses } from '../shared/log-redaction';

const texts: Record<
  Language,
  (name: string, minutes: number) => { title: string; body: string }
> = {
  en: (name, minutes) => ({
    title: 'Someone is trying to sign in to your account',
    body: `Several wrong passwords were tried for ${name} in the last ${minutes} minutes. Sign-ins to this account are slowed down for a while; with the right password you still get in. If this was not you, nothing has been opened: choose a new password in your profile if you use this one anywhere else.`,
  }),
  nl: (name, minutes) => ({
    title: 'Iemand probeert in te loggen op je account',
    body: `Er zijn de afgelopen ${minutes} minuten meerdere verkeerde wachtwoorden geprobeerd voor ${name}. Inloggen op dit account gaat een tijdje trager; met het juiste wachtwoord kom je er nog steeds in. Was jij dit niet, dan is er niets geopend: kies een nieuw wachtwoord in je profiel als je dit wachtwoord ook ergens anders gebruikt.`,
  }),
};

const escape = (value: string): string =>
  value.replace(
    /[&<>"]/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!,
  );

/**
 * Tells an account's owner that its sign-ins are being slowed down (once per throttle window): a
 * user at their own address, in their language; an admin account through ADMIN_ALERT_EMAILS.
 * Sent straight away, not planned from an event: a guess is not a change to the account.
 */
export function createSignInWarning({
  mail,
  accounts,
  adminEmails,
  windowMs,
  now,
}: {
  mail: MailSender;
  accounts: AccountQueries;
  adminEmails: string[];
  windowMs: number;
  now: () => Date;
}): (identity: string) => void {
  const minutes = Math.max(1, Math.round(windowMs / 60_000));
  const send = (
    to: string,
    language: Language,
    name: string,
    identity: string,
  ) => {
    const { title, body } = texts[language](name, minutes);
    const window = Math.floor(now().getTime() / windowMs);
    const key = createHash('sha256')
      .update(`${identity}|${to}|${window}`)
      .digest('hex');
    return mail.send({
      to,
      subject: title,
      text: `${title}\n\n${body}\n`,
      html: `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1><p>${escape(body)}</p></body></html>`,
      key: `sign-in-${key.slice(0, 32)}`,
    });
  };
  return (identity) => {
    const [kind, name = ''] = identity.split(/:(.*)/s);
    const sends: Promise<void>[] = [];
    if (kind === 'email') {
      const user = accounts.userByEmail(name);
      if (user)
        sends.push(send(user.email, languageOf(user), user.email, identity));
    } else if (kind === 'admin' && accounts.adminByUsername(name)) {
      for (const to of adminEmails)
        sends.push(send(to, 'en', `admin account ${name}`, identity));
    }
    for (const sent of sends)
      sent.catch((error: unknown) =>
        console.error(
          'Sign-in warning mail failed:',
          withoutEmailAddresses(String((error as Error).message)),
        ),
      );
  };
}
