import { userAggregate } from '@server/commands/aggregate';
import type { TestApp } from '@tests/support/test-app';

/** A command that does not wait for the read models (their runner may be stopped). */
export async function appendUserEvent(
  t: TestApp,
  userId: string,
): Promise<void> {
  await t.ctx.bus.execute(
    userAggregate,
    userAggregate.streamId(userId),
    () => [
      {
        type: 'PushSubscriptionAdded',
        data: {
          endpoint: `https://push.example/${Math.random()}`,
          keys: { p256dh: 'k', auth: 'a' },
        },
      },
    ],
    { actor: { kind: 'system', id: 'test' } },
  );
}
