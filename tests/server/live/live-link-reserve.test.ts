import { describe, expect, it } from 'vitest';
import { until, useLiveTestApp } from '@tests/support/sse-client';
import {
  bearer,
  createDeal,
  createRootAdmin,
  registerUser,
} from '@tests/support/test-app';

/*
 * Streams opened by a link alone (no sign-in) have a lower ceiling than LIVE_MAX_TOTAL, so they
 * cannot take the capacity signed-in users and admins need.
 */
const live = useLiveTestApp({
  LIVE_MAX_TOTAL: '20',
  LIVE_MAX_PER_LINK: '100',
  TRUST_PROXY: '127.0.0.1',
  METRICS_TOKEN: 'metrics-token-0123456789',
});
let address = 0;
const from = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });

describe('capacity kept for signed-in streams', () => {
  it('given 20 link streams tried with LIVE_MAX_TOTAL=20, then only half open; a user and an admin still open theirs', async () => {
    const brand = await registerUser(live.t.app);
    const { id } = await createDeal(live.t.app, brand.token);
    const link = (
      await live.t.app.inject({
        method: 'POST',
        url: `/api/deals/${id}/generate-token`,
        headers: bearer(brand.token),
      })
    ).json().token as string;
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const stream = await live.sse.open(
        `/api/events/stream/deal/${link}`,
        from(),
      );
      if (stream.status !== 200) await until(() => stream.ended, 'the refusal');
      statuses.push(stream.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    await until(() => live.t.ctx.live.size === 10, 'ten link streams');

    await live.openStream('/api/events/stream', {
      ...bearer(brand.token),
      ...from(),
    });
    const admin = await createRootAdmin(live.t);
    await live.openStream('/api/admin/events/stream', {
      ...bearer(admin),
      ...from(),
    });

    const metrics = await live.t.app.inject({
      url: '/metrics',
      headers: bearer('metrics-token-0123456789'),
    });
    expect(metrics.body).toMatch(
      /escrow_sse_refused_total\{reason="links_total"\} 10/,
    );
  });
});
