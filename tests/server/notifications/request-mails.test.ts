import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import {
  appendNotificationEvent,
  optOutStreamId,
} from '@server/notifications/notification-streams';

/*
 * A payment request e-mails an address its creator typed. The mail says who wrote it and that the
 * platform did not check it, carries no clickable link the creator wrote, and lets its recipient
 * block further requests from that creator; creating requests is limited per creator and address.
 */

const VICTIM = 'someone.else@victim.test';
const TITLE =
  'Security check: pay at https://evil.test/pay or www.evil.com, questions to help@evil.com';

let t: TestApp;
let fed = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Feeds the notifications reactor every event recorded since the last call. */
async function react(): Promise<void> {
  await t.ctx.settle(await t.ctx.store.headPosition());
  for (const event of await t.ctx.store.readAll({ after: fed })) {
    await t.ctx.notifications.reactor.handle(event);
    fed = Math.max(fed, event.position);
  }
}
const mailsTo = (address: string) =>
  t.ctx.notifications.mail
    .list()
    .filter((m) => m.to.includes(address))
    .map((m) => t.ctx.notifications.mail.read(m.name)!);
const createRequest = (
  token: string,
  overrides: Record<string, unknown> = {},
  language = 'en',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment-requests',
    headers: { ...bearer(token), 'accept-language': language },
    payload: {
      creatorName: 'Escrow Security Team',
      title: TITLE,
      description: 'One reel',
      amount: '400',
      brandName: 'Victim',
      brandEmail: VICTIM,
      deadline: '2026-03-20',
      ...overrides,
    },
  });

describe('payment request e-mails', () => {
  it('say who wrote them and that nobody checked them, and carry no clickable link the creator wrote (text and HTML)', async () => {
    const creator = await registerUser(t.app, { username: 'vic0ba2e' });
    expect((await createRequest(creator.token)).statusCode).toBe(201);
    await react();
    const [mail] = mailsTo(VICTIM);
    expect(mail!.subject).toBe(
      'Payment request from a creator (not checked by us)',
    );
    expect(mail!.text).toContain(
      'The creator with the account “vic0ba2e”, signing as “Escrow Security Team”, asks',
    );
    expect(mail!.text).toContain(
      'That creator wrote this request; we did not check who they are or what they wrote.',
    );
    for (const part of [mail!.text, mail!.html]) {
      expect(part).not.toMatch(
        /https?:\/\/evil|www\.evil|evil\.(test|com)|help@evil/,
      );
      expect(part).toContain('https[:]//evil[.]test/pay');
      expect(part).toContain('help[at]evil[.]com');
    }
    // Every link in the HTML part is the platform's own.
    const hrefs = [...mail!.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    for (const href of hrefs)
      expect(href.startsWith('http://app.test/')).toBe(true);
  });

  it('given the block link, when the recipient confirms it, then an event records who blocked whom and later requests from that creator are not mailed (the creator is told neutrally)', async () => {
    const creator = await registerUser(t.app);
    const other = await registerUser(t.app);
    const address = 'brand@blocking.test';
    expect(
      (await createRequest(creator.token, { brandEmail: address })).statusCode,
    ).toBe(201);
    await react();
    const [mail] = mailsTo(address);
    const link =
      /(http:\/\/app\.test\/api\/payment-requests\/block-sender\?[^\s]+)/
        .exec(mail!.text)![1]!
        .replace('http://app.test', '');
    expect(mail!.html).toContain('Block payment requests from this creator');

    // Following the link only asks; the button blocks.
    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      'Stop e-mails with payment requests from this creator to this address?',
    );
    const head = await t.ctx.store.headPosition();
    expect(
      (await t.ctx.store.readAll({ after: head - 1 })).some(
        (e) => e.type === 'PaymentRequestSenderBlocked',
      ),
    ).toBe(false);
    const blocked = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.body).toContain(
      'This address will no longer receive payment requests from this creator.',
    );
    const events = (await t.ctx.store.readAll({ after: head })).filter(
      (e) => e.type === 'PaymentRequestSenderBlocked',
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({ creatorId: creator.userId });
    expect(events[0]!.metadata).toMatchObject({
      actor: { kind: 'system', id: 'request-block-link' },
    });
    // Blocking twice records nothing more.
    await t.app.inject({ method: 'POST', url: link });
    expect(
      (await t.ctx.store.readAll({ after: head })).filter(
        (e) => e.type === 'PaymentRequestSenderBlocked',
      ),
    ).toHaveLength(1);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payment-requests/block-sender?token=abc.def',
        })
      ).statusCode,
    ).toBe(400);

    const again = await createRequest(creator.token, {
      brandEmail: 'Brand@Blocking.test',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().brandEmailNotice).toBe(
      'We did not e-mail this request to the brand. Share the link with them yourself.',
    );
    const dutch = await createRequest(
      creator.token,
      { brandEmail: address },
      'nl',
    );
    expect(dutch.json().brandEmailNotice).toBe(
      'We hebben dit verzoek niet naar het merk gemaild. Deel de link zelf met hen.',
    );
    const elsewhere = await createRequest(creator.token, {
      brandEmail: 'brand@elsewhere.test',
    });
    expect(elsewhere.json().brandEmailNotice).toBeUndefined();
    expect(
      (await createRequest(other.token, { brandEmail: address })).json()
        .brandEmailNotice,
    ).toBeUndefined();
    await react();
    // Only the other creator's request reached the blocking address.
    expect(mailsTo(address)).toHaveLength(2);
    expect(mailsTo('brand@elsewhere.test')).toHaveLength(1);
  });
});

describe('opt-outs and blocks by mailbox', () => {
  it('given an unsubscribe by one spelling of an inbox, then requests to other spellings are not mailed; an opt-out written for the exact address still holds', async () => {
    const creator = await registerUser(t.app);
    const token = t.ctx.notifications.unsubscribe.tokenFor(
      'email:Sam.Brand+news@gmail.com',
    );
    const head = await t.ctx.store.headPosition();
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    const [optOut] = (await t.ctx.store.readAll({ after: head })).filter(
      (e) => e.type === 'EmailUnsubscribed',
    );
    expect(optOut!.streamId).toBe(optOutStreamId('sambrand@gmail.com'));
    for (const spelling of [
      'sambrand@googlemail.com',
      'S.A.M.Brand+deals@gmail.com',
    ])
      expect(
        (await createRequest(creator.token, { brandEmail: spelling }))
          .statusCode,
      ).toBe(201);
    // Another inbox is still mailed, so the reactor did run.
    expect(
      (await createRequest(creator.token, { brandEmail: 'sam@brand.test' }))
        .statusCode,
    ).toBe(201);
    await react();
    expect(mailsTo('sambrand@googlemail.com')).toHaveLength(0);
    expect(mailsTo('S.A.M.Brand+deals@gmail.com')).toHaveLength(0);
    expect(mailsTo('sam@brand.test')).toHaveLength(1);

    // An older version keyed the opt-out by the exact address.
    const legacy = `email-optout-${createHash('sha256').update('old.style+x@gmail.com').digest('hex')}`;
    await t.ctx.settle(
      (
        await appendNotificationEvent(
          t.ctx,
          legacy,
          { type: 'EmailUnsubscribed', data: {} },
          'no_stream',
          { actor: { kind: 'system', id: 'unsubscribe-link' } },
        )
      ).position,
    );
    expect(
      (
        await createRequest(creator.token, {
          brandEmail: 'Old.Style+x@gmail.com',
        })
      ).statusCode,
    ).toBe(201);
    await react();
    expect(mailsTo('Old.Style+x@gmail.com')).toHaveLength(0);
  });

  it('given a block by one spelling, then the creator is not mailed to another spelling of that inbox', async () => {
    const creator = await registerUser(t.app);
    expect(
      (
        await createRequest(creator.token, {
          brandEmail: 'block.me+1@gmail.com',
        })
      ).statusCode,
    ).toBe(201);
    await react();
    const [mail] = mailsTo('block.me+1@gmail.com');
    const link =
      /(http:\/\/app\.test\/api\/payment-requests\/block-sender\?[^\s]+)/
        .exec(mail!.text)![1]!
        .replace('http://app.test', '');
    expect((await t.app.inject({ method: 'POST', url: link })).statusCode).toBe(
      200,
    );
    const again = await createRequest(creator.token, {
      brandEmail: 'BlockMe@googlemail.com',
    });
    expect(again.json().brandEmailNotice).toBe(
      'We did not e-mail this request to the brand. Share the link with them yourself.',
    );
    await react();
    expect(mailsTo('BlockMe@googlemail.com')).toHaveLength(0);
  });
});

describe('payment request limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      RATE_LIMIT_REQUESTS_PER_CREATOR: '3',
      RATE_LIMIT_REQUESTS_PER_RECIPIENT: '2',
    });
  });
  afterAll(() => limited.close());
  const create = (token: string, brandEmail: string, language = 'en') =>
    limited.app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      headers: { ...bearer(token), 'accept-language': language },
      payload: {
        title: 'Reel',
        description: 'One reel',
        amount: '100',
        brandName: 'Acme',
        brandEmail,
        deadline: '2026-03-20',
      },
    });

  it('given too many requests to one address (from any creator) or from one creator, then 429 with Retry-After and a clear message', async () => {
    const a = await registerUser(limited.app);
    const b = await registerUser(limited.app);
    expect((await create(a.token, 'target@limits.test')).statusCode).toBe(201);
    expect((await create(b.token, 'Target@limits.test')).statusCode).toBe(201);
    const toAddress = await create(a.token, 'target@limits.test');
    expect(toAddress.statusCode).toBe(429);
    expect(Number(toAddress.headers['retry-after'])).toBeGreaterThan(0);
    expect(toAddress.json().message).toMatch(
      /^Too many payment requests to this e-mail address; try again in \d+ seconds$/,
    );
    expect(
      (await create(b.token, 'target@limits.test', 'nl')).json().message,
    ).toMatch(/^Er zijn te veel betaalverzoeken naar dit e-mailadres gestuurd/);

    // Creator a has spent 2 of 3 (the refused one counts too): one more, then no more.
    expect((await create(a.token, 'fresh@limits.test')).statusCode).toBe(201);
    const fromCreator = await create(a.token, 'fresh2@limits.test');
    expect(fromCreator.statusCode).toBe(429);
    expect(fromCreator.json().message).toMatch(
      /^Too many payment requests from your account; try again in \d+ seconds$/,
    );
    expect(
      (await create(a.token, 'other@limits.test', 'nl')).json().message,
    ).toMatch(/^Je hebt te veel betaalverzoeken gemaakt/);
  });

  it('given other spellings of one inbox (+tags, Gmail dots, googlemail.com, case), then they share its limit', async () => {
    const creators = await Promise.all(
      [1, 2, 3, 4].map(() => registerUser(limited.app)),
    );
    expect(
      (await create(creators[0]!.token, 'Vic.Tim@gmail.com')).statusCode,
    ).toBe(201);
    expect(
      (await create(creators[1]!.token, 'victim+1@googlemail.com')).statusCode,
    ).toBe(201);
    for (const spelling of [
      'v.i.c.t.i.m+2@gmail.com',
      'VICTIM+3@GMAIL.COM',
      'victim@gmail.com',
    ])
      expect(
        (await create(creators[2]!.token, spelling)).statusCode,
        spelling,
      ).toBe(429);
    // Elsewhere a +tag is the same inbox too, but a dot may be another person's.
    expect(
      (await create(creators[3]!.token, 'brand+a@plus.test')).statusCode,
    ).toBe(201);
    expect(
      (await create(creators[3]!.token, 'Brand+b@plus.test')).statusCode,
    ).toBe(201);
    expect(
      (await create(creators[2]!.token, 'brand@plus.test')).statusCode,
    ).toBe(429);
    expect(
      (await create(creators[1]!.token, 'bra.nd@plus.test')).statusCode,
    ).toBe(201);
  });
});
