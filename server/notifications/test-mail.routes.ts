import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorSchema } from '@machines/contract/api';
import { DomainError } from '../commands/domain-error';
import type { ZodApp } from '../http/route-deps';
import type { NotificationRouteDeps } from './notification-parts';
import { mailListPage, mailPage, messagePage } from './notification-pages';

const testMailSchema = z.object({
  mails: z.array(
    z.object({
      name: z.string(),
      to: z.string(),
      subject: z.string(),
      date: z.string(),
      url: z.string(),
    }),
  ),
});

/**
 * Test mode without SMTP_URL: the mail written to `DATA_DIR/mail/`. Its bodies carry link tokens and
 * signed unsubscribe links, so only an admin (not an auditor: the links act) lists it; one message
 * opens for an admin or for whoever holds its keyed URL, which only that list hands out.
 */
export function testMailRoutes(
  app: ZodApp,
  { ctx, guards }: NotificationRouteDeps,
): void {
  const { mail, mailAccess } = ctx.notifications;
  if (mail.mode !== 'files') return;
  const isAdmin = (request: FastifyRequest): boolean => {
    try {
      guards.authenticateAdmin(request, 'act');
      return true;
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  };
  const listed = () =>
    mail.list().map((m) => ({ ...m, url: mailAccess.urlFor(m.name) }));
  const html = 'text/html; charset=utf-8';

  app.get(
    '/api/admin/test-mail',
    {
      preHandler: guards.requireAdminActor,
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary:
          'Test mode without SMTP: the mail kept on the server, newest first, each with its keyed page URL (admins only)',
        response: { 200: testMailSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => ({ mails: listed() }),
  );

  app.get('/sim/mail', { schema: { hide: true } }, async (request, reply) => {
    if (!isAdmin(request)) {
      const text =
        'Only an admin can read the test-mode mail: sign in to the admin area and open it there.';
      return reply
        .code(401)
        .type(html)
        .send(messagePage('en', 'Test-mode mail', text));
    }
    return reply.type(html).send(mailListPage(listed()));
  });

  app.get<{ Params: { name: string } }>(
    '/sim/mail/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      const key = (request.query as Record<string, unknown> | undefined)?.[
        'key'
      ];
      // A missing or wrong key looks like an unknown message, as on the simulated gateway's pages.
      const raw =
        mailAccess.holds(name, key) || isAdmin(request)
          ? mail.read(name)
          : null;
      if (raw === null) throw new DomainError('message_not_found');
      return reply.type(html).send(mailPage(name, raw));
    },
  );
}
