import { randomBytes, randomInt } from 'node:crypto';
import type { Language } from '@machines/account/account.events';
import {
  LINK_CODE_MINUTES,
  LINK_CODE_MAX_TRIES,
  type LinkClaimCommand,
} from '@machines/link-claim/link-claim.commands';
import type { LinkCodePurpose } from '@machines/link-claim/link-claim.events';
import { newClaim } from '../auth/link-claim';
import {
  linkStreamOf,
  type LinkHolders,
  type LinkRef,
} from '../auth/link-holders';
import type { CommandContext } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import type { Clock } from '../shared/clock';
import type { MailSender } from '../notifications/mail-sender';
import { catalogs } from '../notifications/texts';

/** What the link codes use: the clock, the app secret's HMAC and the mail sender. */
export interface LinkCodeParts {
  clock: Clock;
  keyedHash(label: string, value: string): string;
  notifications: { mail: MailSender };
}

/** `sam@creator.example` → `s••@creator.example`: enough to recognise, not to learn. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.min(6, Math.max(2, local.length - 1)))}@${domain}`;
}

/** The code's e-mail, in the person's language, through the app's one mail sender. */
async function mailCode(
  mail: MailSender,
  message: {
    to: string;
    language: Language;
    purpose: LinkCodePurpose;
    kind: LinkRef['kind'];
    code: string;
  },
): Promise<void> {
  const { to, language, purpose, kind, code } = message;
  const t = catalogs[language].mail;
  const body = t.linkCodeBody[purpose]
    .replace('{page}', t.linkCodePage[kind])
    .replace('{code}', code)
    .replace('{minutes}', String(LINK_CODE_MINUTES));
  const text = `${body}\n\n${code}\n\n--\n${t.linkCodeIgnore}\n`;
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"></head><body style="font-family:system-ui,sans-serif"><p>${body}</p><p style="font-size:28px;font-weight:700;letter-spacing:4px">${code}</p><p style="color:#666;font-size:12px">${t.linkCodeIgnore}</p></body></html>`;
  try {
    await mail.send({
      to,
      subject: `${t.linkCodeSubject}: ${code}`,
      text,
      html,
    });
  } catch {
    throw new DomainError('link_code_not_sent');
  }
}

/** A six-digit code and the nonce its hash is keyed with. */
const newCode = () => ({
  code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
  nonce: randomBytes(12).toString('base64url'),
});

/**
 * Refuses a wrong code (with the tries left, or for good after the last); else the address a
 * right `confirm` code confirmed, or null.
 */
function confirmedEmail(
  events: readonly { type: string; data: unknown }[],
): string | null {
  const rejected = events.find((e) => e.type === 'LinkEmailCodeRejected');
  if (rejected) {
    const { attempt, final } = rejected.data as {
      attempt: number;
      final: boolean;
    };
    if (final) throw new DomainError('link_code_invalid');
    throw new DomainError('link_code_wrong', {
      remaining: LINK_CODE_MAX_TRIES - attempt,
    });
  }
  const confirmed = events.find((e) => e.type === 'LinkEmailConfirmed');
  return (confirmed?.data as { email: string } | undefined)?.email ?? null;
}

/** Checks a code of the link, and records the outcome. */
function codeChecker(
  ctx: LinkCodeParts,
  run: LinkHolders['run'],
  codeHash: (ref: LinkRef, nonce: string, code: string) => string,
) {
  return async (
    ref: LinkRef,
    input: {
      purpose: LinkCodePurpose;
      code: string;
      language: Language;
      atAcceptance?: boolean;
    },
    meta: CommandContext,
  ): Promise<{ claimSecret: string | null; email: string | null }> => {
    const secret = input.purpose === 'resume' ? newClaim() : null;
    const { events } = await run(
      ref,
      {
        type: 'CheckLinkCode',
        purpose: input.purpose,
        hashOf: (nonce) => codeHash(ref, nonce, input.code),
        now: ctx.clock.now().toISOString(),
        ...(secret ? { claimSecretHash: secret.hash } : {}),
        ...(input.atAcceptance ? { atAcceptance: true } : {}),
        language: input.language,
      },
      meta,
    );
    return {
      claimSecret: secret?.secret ?? null,
      email: confirmedEmail(events),
    };
  };
}

/**
 * The e-mail codes of a link (docs/adr/0020-link-claims-move-by-email-code.md): confirming an
 * address at acceptance, and moving the claim to another device with a code sent to that address.
 */
export function createLinkCodes(
  ctx: LinkCodeParts,
  holders: Pick<LinkHolders, 'run'>,
) {
  const run = holders.run;
  const codeHash = (ref: LinkRef, nonce: string, code: string) =>
    ctx.keyedHash('link-code', `${linkStreamOf(ref)}|${nonce}|${code}`);
  return {
    /**
     * Mails a new code: `confirm` to `email` (the claimer's), `resume` to the link's address.
     * Answers where it went, masked. `adopt` claims an older link first (see the decider).
     */
    async sendCode(
      ref: LinkRef,
      input: {
        purpose: LinkCodePurpose;
        email?: string;
        language: Language;
        adopt?: Extract<LinkClaimCommand, { type: 'SendLinkCode' }>['adopt'];
      },
      meta: CommandContext,
    ): Promise<{ sentTo: string }> {
      const { code, nonce } = newCode();
      const { snapshot } = await run(
        ref,
        {
          type: 'SendLinkCode',
          purpose: input.purpose,
          ...(input.email ? { email: input.email } : {}),
          ...(input.adopt ? { adopt: input.adopt } : {}),
          codeHash: codeHash(ref, nonce, code),
          nonce,
          now: ctx.clock.now().toISOString(),
        },
        meta,
      );
      const to = snapshot.context.code!.email;
      // The person's language, kept at their claim; the asking browser's for a first contact.
      const language = snapshot.context.language ?? input.language;
      await mailCode(ctx.notifications.mail, {
        to,
        language,
        purpose: input.purpose,
        kind: ref.kind,
        code,
      });
      return { sentTo: maskEmail(to) };
    },
    /**
     * Checks a code. A wrong one is recorded and refused (400, tries left); a right `confirm` code
     * confirms the address, a right `resume` code moves the claim and answers the new secret.
     */
    checkCode: codeChecker(ctx, run, codeHash),
  };
}
