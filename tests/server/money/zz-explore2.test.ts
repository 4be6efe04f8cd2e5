import { afterAll, beforeAll, describe, it } from 'vitest';
import { claimHeader, connectPayouts, createPaidRequest } from '@tests/support/flow-helpers';
import { bearer, createRootAdmin, createTestApp, registerUser, paymentPageTool, simulatedGatewayOf, type TestApp } from '@tests/support/test-app';
import { reactorMails } from '@tests/server/notifications/reactor-mails';
import { layoutMoneyDocument } from '@machines/documents/document-layout';

let t: TestApp;
let admin: string;
const mails = reactorMails(() => t);
beforeAll(async () => { t = await createTestApp(); admin = await createRootAdmin(t); });
afterAll(() => t.close());
const get = (url: string, token = admin, headers: Record<string,string> = {}) => t.app.inject({ url, headers: { ...bearer(token), ...headers } });
const post = (url: string, token: string | null, payload?: object, headers: Record<string,string> = {}) => t.app.inject({ method: 'POST', url, headers: { ...(token ? bearer(token) : {}), ...headers, 'idempotency-key': `k-${Math.random()}` }, ...(payload ? { payload } : {}) });
const log = (label: string, v: unknown) => console.log(`\n=== ${label}\n` + (typeof v === 'string' ? v : JSON.stringify(v, null, 1)));
async function dumpReq(label: string, id: number, token: string, creatorToken: string) {
  await t.ctx.quiesce(); await t.ctx.settle(await t.ctx.store.headPosition());
  const mine = (await get('/api/payment-requests', creatorToken)).json().find((r: any) => r.id === id);
  log(`${label} creator`, { status: mine.status, state: mine.state, chargeback: mine.chargeback, payoutWaitingFor: mine.payoutWaitingFor, onHold: mine.onHold });
  const b = (await t.app.inject({ url: `/api/payment-requests/token/${token}`, headers: claimHeader(token) })).json();
  log(`${label} brand`, { status: b.status, state: b.state, chargeback: b.chargeback });
  const a = (await get(`/api/admin/payment-requests/${id}`)).json();
  log(`${label} admin`, { status: a.status, state: a.state, adminCan: a.adminCan, onHold: a.onHold, payoutWaitingFor: a.payoutWaitingFor });
  log(`${label} events`, (await t.ctx.store.readStream(`payment-request-${id}`)).map(e => e.type + ((e.data as any).amountCents !== undefined ? `(${(e.data as any).amountCents})` : '')).join(', '));
}
describe('explore2', () => {
  it('request partial lost then payout', async () => {
    const creator = await registerUser(t.app, { email: 'cp@x.example' });
    await t.app.inject({ method: 'PUT', url: '/api/user/notification-preferences', headers: bearer(creator.token), payload: { push: false, email: true, language: 'nl' } });
    await connectPayouts(t.app, t.ctx, creator.token);
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    const c = t.ctx.queries.requests.byId(id)!.context;
    await simulatedGatewayOf(t).openChargeback(c.chargeId!, 'fraudulent', 10000);
    await t.ctx.quiesce();
    await dumpReq('RP open', id, token, creator.token);
    log('complete while open', (await post(`/api/payment-requests/${id}/complete`, creator.token, {})).body.slice(0, 300));
    await paymentPageTool(t, c.checkoutSessionId!, 'lost');
    await dumpReq('RP lost', id, token, creator.token);
    log('release hold', (await post(`/api/admin/payment-requests/${id}/release-hold`, admin, { note: 'ok' })).body.slice(0, 200));
    await dumpReq('RP released hold', id, token, creator.token);
    log('complete', (await post(`/api/payment-requests/${id}/complete`, creator.token, {})).body.slice(0, 300));
    await dumpReq('RP completed', id, token, creator.token);
    log('approve', (await post(`/api/payment-requests/approve/${token}`, null, undefined, claimHeader(token))).body.slice(0, 300));
    await dumpReq('RP approved', id, token, creator.token);
    await mails.react();
    for (const e of ['cp@x.example', 'marketing@acme.example']) for (const m of await mails.mailsTo(e)) log(`RP mail to ${e}`, `${m.subject}\n${m.text?.split('\n--')[0]}`);
    const st = await get(`/api/payment-requests/${id}/statement`, creator.token);
    log('statement', st.statusCode === 200 ? layoutMoneyDocument(st.json(), 'nl').sections.map(s => s.lines.map(x => `${x.label}=${x.value}`).join(' | ')).join('\n') : st.body);
    const rc = await t.app.inject({ url: `/api/payment-requests/link/${token}/receipt`, headers: claimHeader(token) });
    log('receipt', rc.statusCode === 200 ? layoutMoneyDocument(rc.json(), 'en').sections.map(s => s.lines.map(x => `${x.label}=${x.value}`).join(' | ')).join('\n') : rc.body);
    const yr = await get(`/api/user/year-overview/2026`, creator.token);
    log('year', yr.body.slice(0, 1500));
  });
  it('request won', async () => {
    const creator = await registerUser(t.app, { email: 'cw@x.example' });
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    const c = t.ctx.queries.requests.byId(id)!.context;
    await paymentPageTool(t, c.checkoutSessionId!, 'chargeback');
    await paymentPageTool(t, c.checkoutSessionId!, 'won');
    await dumpReq('RW won', id, token, creator.token);
    log('complete', (await post(`/api/payment-requests/${id}/complete`, creator.token, {})).body.slice(0, 300));
  });
});
