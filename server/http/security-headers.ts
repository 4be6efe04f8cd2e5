import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Our helmet settings: the CSP fits the built web app (same-origin API, inline styles, https
 * images). HSTS and upgrade-insecure-requests only when the app is served over https: over plain
 * http (a phone on the LAN) they would send the browser to an https port nobody listens on.
 */
const helmetOptions = (https: boolean) => ({
  strictTransportSecurity: https,
  contentSecurityPolicy: {
    directives: {
      upgradeInsecureRequests: https ? [] : null,
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
    },
  },
});

/**
 * Helmet's headers, applied from a table computed once. `@fastify/helmet` rebuilds the helmet
 * middleware (and re-parses the CSP) on every request, which profiled at ~9 % of a cached list
 * read. With fixed options (no per-request nonces) the headers never vary, so we let helmet
 * compute them once on a throwaway instance and copy them: helmet's defaults stay helmet's.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { https }: { https: boolean },
): Promise<void> {
  const probe = Fastify();
  await probe.register(helmet, helmetOptions(https));
  probe.get('/', async () => '');
  const res = await probe.inject({ url: '/' });
  await probe.close();

  // Everything helmet added, i.e. the answer's headers minus the ones any answer carries.
  const generic = new Set([
    'content-type',
    'content-length',
    'date',
    'connection',
    'keep-alive',
  ]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!generic.has(name) && typeof value === 'string') headers[name] = value;
  }
  if (
    !headers['content-security-policy'] ||
    !headers['x-content-type-options']
  ) {
    throw new Error(
      'helmet did not produce its headers; refusing to start without them',
    );
  }
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // API answers are per-user or per-link: no browser or proxy keeps a copy.
    if (request.url.startsWith('/api/'))
      reply.header('cache-control', 'no-store');
    done();
  });
}
