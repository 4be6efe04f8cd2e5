import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dealPayload,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/** Real dates, visible text, no bidi controls in names, a chargeable minimum. */
let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  token = (await registerUser(t.app)).token;
});
afterAll(() => t.close());

const createDeal = (overrides: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/deals',
    headers: bearer(token),
    payload: dealPayload(overrides),
  });
const createRequest = (overrides: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment-requests',
    headers: bearer(token),
    payload: {
      title: 'Reel',
      description: 'One reel',
      amount: '100',
      brandName: 'Acme',
      brandEmail: 'acme@example.com',
      deadline: '2026-03-20',
      ...overrides,
    },
  });

describe('input rules', () => {
  it.each([
    '2030-02-31',
    '%00',
    '2026-13-01',
    '2026-02-29',
    'tomorrow',
    '2026-4-1',
  ])('deadline %s → 400', async (deadline) => {
    const res = await createDeal({ deadline });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Deadline must be a valid date');
    expect((await createRequest({ deadline })).statusCode).toBe(400);
  });

  it.each([
    '2028-02-29',
    '2026-04-01T12:00:00Z',
    '2026-04-01T12:00:00.000+02:00',
  ])('deadline %s is accepted', async (deadline) => {
    expect((await createDeal({ deadline })).statusCode).toBe(201);
  });

  it('a zero-width space (or other invisible characters) is not required text', async () => {
    for (const influencer of ['\u200B', ' \u200B\uFEFF ', '\u2060']) {
      const res = await createDeal({ influencer });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Influencer is required');
    }
    const trimmed = await createDeal({ influencer: '\u200B@sanne\u200B' });
    expect(trimmed.json().influencer).toBe('@sanne');
  });

  it('bidi controls are refused in usernames, company names and the names on deals and requests', async () => {
    const rlo = '\u202E';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: `evil${rlo}gnp.exe`,
        email: 'bidi@example.com',
        password: 'secret123',
      },
    });
    expect(reg.statusCode).toBe(400);
    expect(reg.json().message).toBe(
      'Username must not contain text-direction control characters',
    );
    const company = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'bidi2',
        email: 'bidi2@example.com',
        password: 'secret123',
        companyName: `Acme\u2066x`,
      },
    });
    expect(company.statusCode).toBe(400);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { username: `ab${rlo}c`, email: 'x@example.com' },
    });
    expect(profile.statusCode).toBe(400);
    expect((await createDeal({ influencer: `@a${rlo}b` })).statusCode).toBe(
      400,
    );
    expect((await createRequest({ brandName: `Ac${rlo}me` })).statusCode).toBe(
      400,
    );
  });

  it('an amount under the gateway minimum (€0.50) is refused for deals and requests', async () => {
    for (const amount of ['0.01', '0.49', 0.2]) {
      const res = await createDeal({ amount });
      expect(res.statusCode).toBe(400);
      // One amount field for both, with one message.
      expect(res.json().message).toBe('Amount must be at least €0.50');
      expect((await createRequest({ amount })).json().message).toBe(
        'Amount must be at least €0.50',
      );
    }
    expect((await createDeal({ amount: '0.50' })).statusCode).toBe(201);
  });
});

/** The router's own refusals (server/http/error-handler.ts) answer in the one error shape, never echoing the path. */
describe('refusals before any route runs', () => {
  it('given a path parameter longer than any id or token, then 400 invalid_id in the caller language, not the path', async () => {
    const long = 'a'.repeat(1_000);
    for (const url of [`/api/documents/${long}`, `/api/deals/token/${long}`]) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({
        error: 'validation_failed',
        code: 'invalid_input',
        params: { detail: 'Invalid id', input: 'invalid_id' },
        message: 'Invalid id',
      });
    }
    const dutch = await t.app.inject({
      url: `/api/deals/token/${long}`,
      headers: { 'accept-language': 'nl' },
    });
    expect(dutch.json()).toMatchObject({
      code: 'invalid_input',
      message: 'Ongeldig nummer.',
    });
  });

  it('given a URL that does not decode, then 400 bad_request with a code and a message', async () => {
    const res = await t.app.inject({ url: '/api/deals/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'bad_request',
      code: 'bad_request',
    });
    expect(res.body).not.toContain('%E0');
    expect(typeof res.json().message).toBe('string');
  });
});
