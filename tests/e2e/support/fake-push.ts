import type { BrowserContext } from 'playwright-core';

/**
 * Headless Chromium cannot register with a browser vendor's push service (it answers
 * "Registration failed" even with permission granted), so this stands in for
 * `PushManager.subscribe` in every page of `context`: it hands the page `subscription` (an endpoint
 * and keys the test chose). Like a browser's, the subscription outlives the page (kept in the
 * origin's storage). Everything from the page's request to the server onwards is real.
 */
export async function fakePushSubscription(
  context: BrowserContext,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await context.addInitScript((json) => {
    const fake = {
      endpoint: json.endpoint,
      expirationTime: null,
      options: {},
      toJSON: () => ({ ...json, expirationTime: null }),
      unsubscribe: async () => true,
    };
    PushManager.prototype.subscribe = async function subscribe() {
      localStorage.setItem('test-push-subscribed', '1');
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return (
        localStorage.getItem('test-push-subscribed') ? fake : null
      ) as PushSubscription | null;
    };
  }, subscription);
}
