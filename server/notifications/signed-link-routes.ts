import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languages, type Language } from '@machines/account/account.events';
import type { ZodApp } from '../http/route-deps';
import { messagePage, signedLinkPage } from './notification-pages';

/** A signed mail link's query: its token and the page's language. */
const signedLinkQuery = z.object({
  token: z.string().max(2_000).default(''),
  lang: z.enum(languages).catch('en').default('en'),
});

/** What a signed mail link does (unsubscribe, block a sender), and the words of its pages. */
export interface SignedLinkAction<T> {
  path: string;
  tag: string;
  /** The link's target, or null when its token does not check out. */
  verify(token: string): T | null;
  texts(lang: Language): {
    title: string;
    invalid: string;
    body: string;
    button: string;
    doneTitle: string;
    doneBody: string;
  };
  /** Records what the link asks for; called once the page's button is pressed. */
  act(target: T, correlationId: string): Promise<void>;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(body);

/**
 * A signed mail link's two routes: GET only asks (mail scanners follow links), POST acts (the
 * page's button, and a mail client's one-click unsubscribe, RFC 8058). In a scope of their own:
 * the form and mail clients post urlencoded bodies; the rest of the app stays JSON-only.
 */
export function signedLinkRoutes<T>(
  app: ZodApp,
  action: SignedLinkAction<T>,
): void {
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const schema = { tags: [action.tag], querystring: signedLinkQuery };
    scope.get(action.path, { schema }, async (request, reply) => {
      const { token, lang } = request.query;
      const t = action.texts(lang);
      const shown = signedLinkPage(
        action.verify(token) !== null,
        lang,
        t,
        request.url,
      );
      return html(reply, shown.status, shown.body);
    });
    scope.post(action.path, { schema }, async (request, reply) => {
      const { token, lang } = request.query;
      const t = action.texts(lang);
      const target = action.verify(token);
      if (target === null)
        return html(reply, 400, messagePage(lang, t.title, t.invalid));
      await action.act(target, request.id);
      return html(reply, 200, messagePage(lang, t.doneTitle, t.doneBody));
    });
  });
}
