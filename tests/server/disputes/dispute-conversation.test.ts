import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimHeader,
  createPaidRequest,
  deliverPaidDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createAuditor,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * A dispute's conversation through app.inject: the opening reason is its first entry; the brand,
 * the creator (a deal's link with its claim secret; a request's account) and admins post messages
 * with evidence files checked by their content; auditors and strangers holding only the link are
 * refused; downloads are attachments with safe headers; the history and exports list each file's
 * SHA-256.
 */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
let creator: Awaited<ReturnType<typeof registerUser>>;
let admin: string;
let auditor: string;

const png = (extra = 'screenshot') =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from(extra),
  ]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const upload = (
  base: string,
  bytes: Buffer,
  headers: Record<string, string>,
  name = 'shot.png',
) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/files?name=${encodeURIComponent(name)}`,
    headers: { 'content-type': 'application/octet-stream', ...headers },
    payload: bytes,
  });
const post = (base: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `${base}/messages`, headers, payload });
const read = (base: string, headers: Record<string, string>) =>
  t.app.inject({ url: base, headers });

beforeAll(async () => {
  t = await createTestApp({
    REVIEW_PERIOD_HOURS: '48',
    DISPUTE_PERIOD_HOURS: '72',
  });
  brand = await registerUser(t.app);
  creator = await registerUser(t.app, { companyName: null });
  admin = await createRootAdmin(t);
  auditor = await createAuditor(t, admin);
});
afterAll(() => t.close());

/** A delivered deal the brand disputed; answers its id, link and the conversation's bases. */
async function disputedDeal(reason = 'The reel was never posted') {
  const deal = await createDeal(t.app, brand.token);
  const link = await deliverPaidDeal(t.app, t.ctx, brand.token, deal.id);
  const disputed = await t.app.inject({
    method: 'POST',
    url: `/api/deals/${deal.id}/dispute`,
    headers: bearer(brand.token),
    payload: { reason, description: 'Checked the account on the 3rd.' },
  });
  expect(disputed.statusCode, disputed.body).toBe(200);
  return {
    id: deal.id,
    link,
    brandBase: `/api/deals/${deal.id}/dispute`,
    creatorBase: `/api/deals/link/${link}/dispute`,
    adminBase: `/api/admin/deals/${deal.id}/dispute`,
  };
}

describe('a deal dispute conversation', () => {
  it('opens with the reason; brand, creator and admin post with evidence; each message is an event with its actor', async () => {
    const d = await disputedDeal();
    const opened = await read(d.brandBase, bearer(brand.token));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      open: true,
      canPost: true,
      side: 'brand',
      endsAt: new Date(t.clock.now().getTime() + 72 * 3_600_000).toISOString(),
      entries: [
        {
          side: 'brand',
          opening: true,
          text: 'The reel was never posted\n\nChecked the account on the 3rd.',
        },
      ],
    });

    const file = await upload(
      d.brandBase,
      png('brand'),
      bearer(brand.token),
      'profile page.png',
    );
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json()).toEqual({
      sha256: sha(png('brand')),
      name: 'profile page.png',
      contentType: 'image/png',
      sizeBytes: png('brand').length,
    });
    const byBrand = await post(
      d.brandBase,
      {
        text: 'Nothing on the profile.',
        files: [{ sha256: sha(png('brand')), name: 'profile page.png' }],
      },
      bearer(brand.token),
    );
    expect(byBrand.statusCode, byBrand.body).toBe(200);

    const creatorHeaders = claimHeader(d.link);
    const proof = await upload(
      d.creatorBase,
      pdf,
      creatorHeaders,
      'insights.pdf',
    );
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().contentType).toBe('application/pdf');
    const byCreator = await post(
      d.creatorBase,
      {
        text: 'It is live; insights attached.',
        files: [{ sha256: sha(pdf), name: 'insights.pdf' }],
      },
      creatorHeaders,
    );
    expect(byCreator.statusCode, byCreator.body).toBe(200);
    expect(byCreator.json().side).toBe('creator');

    const byAdmin = await post(
      d.adminBase,
      { text: 'Looking at both now.' },
      bearer(admin),
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);

    const seen = (await read(d.creatorBase, creatorHeaders)).json();
    expect(
      seen.entries.map((e: { side: string; text: string }) => [e.side, e.text]),
    ).toEqual([
      ['brand', 'The reel was never posted\n\nChecked the account on the 3rd.'],
      ['brand', 'Nothing on the profile.'],
      ['creator', 'It is live; insights attached.'],
      ['admin', 'Looking at both now.'],
    ]);
    // Parties see sides, not account names; admins and auditors see who wrote.
    expect(seen.entries[1].author).toBeNull();
    const audited = await read(d.adminBase, bearer(auditor));
    expect(audited.statusCode).toBe(200);
    expect(audited.json()).toMatchObject({ canPost: false, side: null });
    expect(audited.json().entries[3].author).toBe('root');

    const events = await t.ctx.store.readStream(`deal-${d.id}`);
    const posted = events.filter((e) => e.type === 'DisputeMessagePosted');
    expect(
      posted.map((e) => (e.metadata as { actor: { kind: string } }).actor.kind),
    ).toEqual(['brand', 'creator-link', 'admin']);
    expect(posted[0]!.data).toMatchObject({
      side: 'brand',
      files: [
        {
          sha256: sha(png('brand')),
          contentType: 'image/png',
          name: 'profile page.png',
        },
      ],
    });
  });

  it('refuses a stranger holding only the link, an auditor posting, and readers of other deals', async () => {
    const d = await disputedDeal();
    const stranger = await read(d.creatorBase, {});
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('deal_claimed_elsewhere');
    const wrongSecret = await post(
      d.creatorBase,
      { text: 'hi' },
      { 'x-claim-secret': 'guess' },
    );
    expect(wrongSecret.statusCode).toBe(403);
    expect((await upload(d.creatorBase, png(), {})).statusCode).toBe(403);

    const byAuditor = await post(
      d.adminBase,
      { text: 'I only read' },
      bearer(auditor),
    );
    expect(byAuditor.statusCode).toBe(403);
    expect(byAuditor.json().code).toBe('auditor_read_only');
    expect((await upload(d.adminBase, png(), bearer(auditor))).statusCode).toBe(
      403,
    );

    const other = await registerUser(t.app);
    expect((await read(d.brandBase, bearer(other.token))).statusCode).toBe(404);
    expect(
      (await post(d.brandBase, { text: 'hi' }, bearer(other.token))).statusCode,
    ).toBe(404);
    expect((await read(d.brandBase, {})).statusCode).toBe(401);
  });

  it('checks files by their content and size, and messages by their length and file count', async () => {
    const d = await disputedDeal();
    const auth = bearer(brand.token);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const disguised = await t.app.inject({
      method: 'POST',
      url: `${d.brandBase}/files?name=photo.png`,
      headers: { ...auth, 'content-type': 'image/png' },
      payload: html,
    });
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().code).toBe('evidence_type_refused');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect((await upload(d.brandBase, svg, auth, 'a.svg')).statusCode).toBe(
      415,
    );
    expect((await upload(d.brandBase, Buffer.alloc(0), auth)).statusCode).toBe(
      400,
    );

    const huge = Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024)]);
    const oversize = await upload(d.brandBase, huge, auth);
    expect(oversize.statusCode).toBe(413);
    const justFits = Buffer.concat([
      png(),
      Buffer.alloc(10 * 1024 * 1024 - png().length),
    ]);
    expect((await upload(d.brandBase, justFits, auth)).statusCode).toBe(200);

    const tooLong = await post(d.brandBase, { text: 'x'.repeat(4_001) }, auth);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('4,000');
    expect((await post(d.brandBase, { text: '   ' }, auth)).statusCode).toBe(
      400,
    );
    expect(
      (await post(d.brandBase, { text: 'x'.repeat(4_000) }, auth)).statusCode,
    ).toBe(200);

    const six = Array.from({ length: 6 }, () => ({
      sha256: sha(justFits),
      name: 'a.png',
    }));
    expect(
      (await post(d.brandBase, { text: 'six', files: six }, auth)).statusCode,
    ).toBe(400);
    const unknown = await post(
      d.brandBase,
      {
        text: 'where is it',
        files: [{ sha256: 'f'.repeat(64), name: 'gone.png' }],
      },
      auth,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('evidence_not_received');
  });

  it('serves a file of the conversation only, as an attachment with safe headers', async () => {
    const d = await disputedDeal();
    const bytes = png('download');
    await upload(d.brandBase, bytes, bearer(brand.token), 'bewijs "één".png');
    await post(
      d.brandBase,
      {
        text: 'See file',
        files: [{ sha256: sha(bytes), name: 'bewijs "één".png' }],
      },
      bearer(brand.token),
    );
    const got = await t.app.inject({
      url: `${d.creatorBase}/files/${sha(bytes)}`,
      headers: claimHeader(d.link),
    });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toMatch(
      /^attachment; filename="bewijs /,
    );
    expect(got.headers['content-disposition']).toContain(
      "filename*=UTF-8''bewijs%20%C3%A9%C3%A9n.png",
    );
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toBe(
      "default-src 'none'; sandbox",
    );

    // Another deal's conversation does not serve it, nor does a stranger with the link.
    const other = await disputedDeal();
    const elsewhere = await t.app.inject({
      url: `${other.brandBase}/files/${sha(bytes)}`,
      headers: bearer(brand.token),
    });
    expect(elsewhere.statusCode).toBe(404);
    const stranger = await t.app.inject({
      url: `${d.creatorBase}/files/${sha(bytes)}`,
    });
    expect(stranger.statusCode).toBe(403);
  });

  it("refuses a message naming another dispute's file: knowing its SHA-256 gives no access to it", async () => {
    const d = await disputedDeal();
    const bytes = png('private to the first dispute');
    expect(
      (await upload(d.brandBase, bytes, bearer(brand.token))).statusCode,
    ).toBe(200);
    const other = await disputedDeal();
    const borrowed = await post(
      other.creatorBase,
      { text: 'Look', files: [{ sha256: sha(bytes), name: 'x.png' }] },
      claimHeader(other.link),
    );
    expect(borrowed.statusCode, borrowed.body).toBe(400);
    expect(borrowed.json().code).toBe('evidence_not_received');
    const got = await t.app.inject({
      url: `${other.creatorBase}/files/${sha(bytes)}`,
      headers: claimHeader(other.link),
    });
    expect(got.statusCode).toBe(404);
    // Within its own conversation the other side may point at it (both read it there).
    const forwarded = await post(
      d.creatorBase,
      { text: 'That one', files: [{ sha256: sha(bytes), name: 'x.png' }] },
      claimHeader(d.link),
    );
    expect(forwarded.statusCode, forwarded.body).toBe(200);
  });

  it('goes into the dispute timeline and the exports with each file and its SHA-256; closed once resolved', async () => {
    const d = await disputedDeal();
    const bytes = png('export');
    await upload(d.creatorBase, bytes, claimHeader(d.link), 'live.png');
    await post(
      d.creatorBase,
      {
        text: 'Posted on time',
        files: [{ sha256: sha(bytes), name: 'live.png' }],
      },
      claimHeader(d.link),
    );
    const detail = await t.app.inject({
      url: `/api/admin/disputes/${d.id}`,
      headers: bearer(auditor),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const entry = detail
      .json()
      .timeline.find(
        (e: { type: string }) => e.type === 'DisputeMessagePosted',
      );
    expect(entry.summary).toEqual({
      code: 'DisputeMessagePosted.creator.files',
      params: {
        name: 'creator (link)',
        text: 'Posted on time',
        files: `live.png (SHA-256 ${sha(bytes)})`,
      },
    });
    expect(detail.json().evidence).toContainEqual(
      expect.objectContaining({
        text: 'Posted on time',
        files: [
          expect.objectContaining({ name: 'live.png', sha256: sha(bytes) }),
        ],
      }),
    );
    const csv = await t.app.inject({
      url: `/api/admin/disputes/${d.id}/export?format=csv`,
      headers: { ...bearer(auditor), 'accept-language': 'nl' },
    });
    expect(csv.body).toContain(
      `Bericht van de creator (creator (via link)): Posted on time Bewijs: live.png (SHA-256 ${sha(bytes)}).`,
    );

    const released = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${d.id}/release`,
      headers: bearer(brand.token),
    });
    expect(released.statusCode, released.body).toBeLessThan(300);
    await t.ctx.quiesce();
    const closed = await read(d.brandBase, bearer(brand.token));
    expect(closed.json()).toMatchObject({ open: false, canPost: false });
    const late = await post(
      d.brandBase,
      { text: 'one more thing' },
      bearer(brand.token),
    );
    expect(late.statusCode).toBe(409);
  });
});

describe('a payment request dispute conversation', () => {
  it('runs between the creator (signed in) and the brand (its link with the claim secret)', async () => {
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    const completed = await t.app.inject({
      method: 'POST',
      url: `/api/payment-requests/${id}/complete`,
      headers: bearer(creator.token),
      payload: {},
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const creatorBase = `/api/payment-requests/${id}/dispute`;
    const brandBase = `/api/payment-requests/link/${token}/dispute`;
    expect((await read(creatorBase, bearer(creator.token))).statusCode).toBe(
      404,
    );
    const disputed = await t.app.inject({
      method: 'POST',
      url: `/api/payment-requests/dispute/${token}`,
      headers: claimHeader(token),
      payload: { reason: 'Only half the work' },
    });
    expect(disputed.statusCode, disputed.body).toBe(200);

    const bytes = png('request');
    expect(
      (await upload(brandBase, bytes, claimHeader(token))).statusCode,
    ).toBe(200);
    const byBrand = await post(
      brandBase,
      {
        text: 'Half of it is missing',
        files: [{ sha256: sha(bytes), name: 'shot.png' }],
      },
      claimHeader(token),
    );
    expect(byBrand.statusCode, byBrand.body).toBe(200);
    const byCreator = await post(
      creatorBase,
      { text: 'Both parts are live' },
      bearer(creator.token),
    );
    expect(byCreator.statusCode, byCreator.body).toBe(200);
    expect(
      byCreator.json().entries.map((e: { side: string }) => e.side),
    ).toEqual(['brand', 'brand', 'creator']);
    expect(byCreator.json().entries[0]).toMatchObject({
      opening: true,
      text: 'Only half the work',
    });

    expect((await read(brandBase, {})).statusCode).toBe(403);
    expect((await post(brandBase, { text: 'stranger' }, {})).statusCode).toBe(
      403,
    );
    const other = await registerUser(t.app);
    expect((await read(creatorBase, bearer(other.token))).statusCode).toBe(404);
    const adminRead = await read(
      `/api/admin/payment-requests/${id}/dispute`,
      bearer(auditor),
    );
    expect(adminRead.json().entries).toHaveLength(3);
    expect(
      (
        await post(
          `/api/admin/payment-requests/${id}/dispute`,
          { text: 'x' },
          bearer(auditor),
        )
      ).statusCode,
    ).toBe(403);
    const events = await t.ctx.store.readStream(`payment-request-${id}`);
    expect(
      events
        .filter((e) => e.type === 'PaymentRequestDisputeMessagePosted')
        .map((e) => (e.metadata as { actor: { kind: string } }).actor.kind),
    ).toEqual(['creator-link', 'creator']);

    // Each message reached the other side by e-mail (the notifications reactor, fed by hand here).
    await t.ctx.settle(await t.ctx.store.headPosition());
    for (const event of await t.ctx.store.readAll({ after: 0 }))
      if (event.streamId === `payment-request-${id}`)
        await t.ctx.notifications.reactor.handle(event);
    const mailsTo = (address: string) =>
      t.ctx.notifications.mail
        .list()
        .filter((m) => m.to.includes(address))
        .map((m) => t.ctx.notifications.mail.read(m.name)!)
        .filter((m) => m.subject === 'New message in the dispute');
    expect(mailsTo('marketing@acme.example').map((m) => m.text)).toEqual([
      expect.stringContaining(
        'The creator wrote about “Instagram reel”: “Both parts are live”',
      ),
    ]);
    expect(mailsTo(creator.email).map((m) => m.text)).toEqual([
      expect.stringContaining(
        'The brand wrote about “Instagram reel”: “Half of it is missing”',
      ),
    ]);
  });
});
