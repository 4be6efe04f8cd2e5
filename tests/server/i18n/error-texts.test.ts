import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dutchMessage, localizeError } from '../../../server/i18n/error-texts';
import { bearer, createDeal, createTestApp, registerUser, type TestApp } from '../api/test-app';

/**
 * A Dutch user meets no English, also when something is refused. Every message the code
 * can answer with has a Dutch text; the answer follows the caller's language (the web app sends its
 * own as Accept-Language; the `lang` cookie and the browser's language count too).
 */
const root = join(import.meta.dirname, '..', '..', '..');
const files = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
// Start-up configuration errors and the command-line tools speak to operators, in English.
// Event catalogues hold example data (a gateway's failure reason), not answers.
const userFacing = [...files('server'), ...files('machines')].filter((f) => !/server[\\/](config\.ts|cli[\\/]|ops[\\/])|\.events\.ts$/.test(f));

/** The literal messages in the code: domain errors, schema messages, sign-in failures, named message constants. */
function literalMessages(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /new DomainError\(\s*'[a-z_]+',\s*'([^']+)'/g,
    /\b(?:message|error): '([A-Z][^']*\s[^']*)'/g,
    /failed\(request, '([^']+)'\)/g,
    /const [A-Z_]+(?:MESSAGE|TAKEN) = '([^']+)'/g,
    /unique\.reserve\([^)]*'([A-Z][^']+)'\)/g,
    /\[\d{3}, '[a-z_]+', '([^']+)'\]/g,
  ];
  for (const file of userFacing) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.set(m[1]!, file);
  }
  return found;
}

describe('every error message has a Dutch text', () => {
  it('given each literal message in the code, then it has a Dutch entry of its own', () => {
    const messages = literalMessages();
    expect(messages.size).toBeGreaterThan(40);
    const missing = [...messages].filter(([message]) => dutchMessage(message) === null).map(([message, file]) => `${file}: ${message}`);
    expect(missing).toEqual([]);
  });

  it('given the messages built from templates, then each has a Dutch entry', () => {
    for (const message of [
      'Cannot approve the deal while the deal is completed',
      'Cannot release funds while the deal is pending_payment',
      'Cannot accept while the payment request is expired',
      'The payment request was changed by someone else; please try again',
      'At most 3 devices can get notifications for one deal',
      'At most 5 devices can receive notifications; unsubscribe one first',
      'Password must be at least 6 characters',
      'Route GET /api/nothing not found',
    ]) {
      expect(dutchMessage(message), message).not.toBeNull();
    }
    expect(dutchMessage('Cannot approve the deal while the deal is completed')).toBe('Dit kan niet meer: de deal heeft nu de status „voltooid”.');
  });

  it('given a message without an entry, then Dutch callers get the Dutch text of its code (never English), keeping a gateway code prefix', () => {
    expect(localizeError('validation_failed', 'Invalid input: expected string, received number', 'nl')).toBe(
      'De invoer is niet geldig; controleer de gegevens.',
    );
    expect(localizeError('conflict', 'funds_settling: Funds are not yet available', 'nl')).toMatch(/^funds_settling: Dit kan nu niet/);
    expect(localizeError('something_new', 'Whatever', 'nl')).toBe('Het verzoek is niet geldig.');
    expect(localizeError('conflict', 'Whatever', 'en')).toBe('Whatever');
  });
});

describe('error answers follow the caller’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('given a Dutch caller, when a command is refused, then the message is Dutch and the code stays the same', async () => {
    const brand = await registerUser(t.app);
    const deal = await createDeal(t.app, brand.token);
    const send = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/deals/${deal.id}/release`, headers: { ...bearer(brand.token), ...headers } });
    const english = await send({});
    expect(english.statusCode).toBe(409);
    expect(english.json()).toMatchObject({ error: 'illegal_transition', message: expect.stringMatching(/^Cannot .* while the deal is pending_payment$/) });
    const dutch = await send({ 'accept-language': 'nl' });
    expect(dutch.statusCode).toBe(409);
    expect(dutch.json()).toEqual({ error: 'illegal_transition', message: 'Dit kan niet meer: de deal heeft nu de status „wacht op betaling”.' });
    // The language chosen in the app (cookie) counts as well.
    expect((await send({ cookie: 'lang=nl', 'accept-language': 'en-US' })).json().message).toMatch(/^Dit kan niet meer/);
  });

  it('given a Dutch caller, when sign-in or input fails, then those messages are Dutch too', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'nl-NL,nl;q=0.9' },
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('Onjuist e-mailadres of wachtwoord.');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/deals/999999',
      headers: { ...bearer((await registerUser(t.app)).token), 'accept-language': 'nl' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Deal niet gevonden.');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'nl', 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Het verzoek is geen geldige JSON.');
  });
});
