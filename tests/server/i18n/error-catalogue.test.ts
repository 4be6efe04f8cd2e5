import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorCatalogue,
  errorKinds,
  errorText,
  type ErrorCode,
} from '@machines/errors/error-catalogue';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * A Dutch user meets no English, also when something is refused: every error is a code with an
 * English and a Dutch text in one catalogue, and the answer follows the caller's language (the web
 * app sends its own as Accept-Language; the `lang` cookie and the browser's language count too).
 */
const root = join(import.meta.dirname, '..', '..', '..');
const files = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : /\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
const codes = Object.keys(errorCatalogue) as ErrorCode[];

describe('the error catalogue', () => {
  it('given every code, then it has a kind with a status, an English text and a Dutch text', () => {
    for (const code of codes) {
      const entry = errorCatalogue[code];
      expect(errorKinds[entry.kind], code).toBeGreaterThanOrEqual(400);
      expect(entry.en.trim(), `${code} has no English text`).not.toBe('');
      expect(entry.nl.trim(), `${code} has no Dutch text`).not.toBe('');
    }
  });

  it('given every code the code raises, then the catalogue has it', () => {
    const raised = new Set<string>();
    for (const file of [...files('server'), ...files('machines')]) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const m of text.matchAll(/new DomainError\(\s*'([a-z_]+)'/g))
        raised.add(m[1]!);
    }
    expect(raised.size).toBeGreaterThan(30);
    expect([...raised].filter((code) => !(code in errorCatalogue))).toEqual([]);
  });

  it("given params, then both texts fill them in (a status in Dutch words), and English keeps the spec's exact texts", () => {
    expect(
      errorText(
        'deal_not_in_state',
        { action: 'release_funds', status: 'completed' },
        'en',
      ),
    ).toBe('Cannot release the funds while the deal is completed');
    expect(
      errorText(
        'deal_not_in_state',
        { action: 'release_funds', status: 'completed' },
        'nl',
      ),
    ).toBe(
      'Het geld vrijgeven kan niet: de deal heeft nu de status „voltooid”.',
    );
    expect(
      errorText('concurrent_change', { thing: 'payment request' }, 'nl'),
    ).toBe(
      'Het betaalverzoek is intussen door iemand anders gewijzigd; probeer het opnieuw.',
    );
    expect(errorText('too_many_deal_devices', { max: 3 }, 'en')).toBe(
      'At most 3 devices can get notifications for one deal',
    );
    expect(errorText('payment_request_expired', {}, 'en')).toBe(
      'Payment request has expired',
    );
    expect(
      errorText(
        'gateway_refused',
        { gatewayCode: 'funds_settling', detail: 'funds_settling: wait' },
        'nl',
      ),
    ).toMatch(/^funds_settling: Dit kan nu niet/);
  });

  it('given the server and the web, then no code reads the text of a message with a regular expression', () => {
    const offenders = [...files('server'), ...files('web/src')].filter(
      (file) => {
        const text = readFileSync(join(root, file), 'utf8');
        return /\.message\.(includes|startsWith|match)\(|\/bank account\/i|localizeError|dutchMessage/.test(
          text,
        );
      },
    );
    expect(offenders).toEqual([]);
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
      t.app.inject({
        method: 'POST',
        url: `/api/deals/${deal.id}/release`,
        headers: { ...bearer(brand.token), ...headers },
      });
    const english = await send({});
    expect(english.statusCode).toBe(409);
    expect(english.json()).toEqual({
      error: 'illegal_transition',
      code: 'deal_not_in_state',
      params: { action: 'release_funds', status: 'pending_payment' },
      message: 'Cannot release the funds while the deal is pending_payment',
    });
    const dutch = await send({ 'accept-language': 'nl' });
    expect(dutch.statusCode).toBe(409);
    expect(dutch.json()).toEqual({
      ...english.json(),
      message:
        'Het geld vrijgeven kan niet: de deal heeft nu de status „wacht op betaling”.',
    });
    // The language chosen in the app (cookie) counts as well.
    expect(
      (await send({ cookie: 'lang=nl', 'accept-language': 'en-US' })).json()
        .message,
    ).toMatch(/^Het geld vrijgeven kan niet/);
  });

  it('given a Dutch caller, when sign-in or input fails, then those messages are Dutch too', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'nl-NL,nl;q=0.9' },
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({
      error: 'unauthorized',
      code: 'invalid_login',
      message: 'Onjuist e-mailadres of wachtwoord.',
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/deals/999999',
      headers: {
        ...bearer((await registerUser(t.app)).token),
        'accept-language': 'nl',
      },
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
