import { describe, expect, it } from 'vitest';
import { userMachine } from '@machines/account/user.machine';
import { adminMachine } from '@machines/account/admin.machine';
import { adminEventDefinitions } from '@machines/account/account.events';
import { actors, at, event } from '@tests/support/event-factory';
import { machineSpec } from '@tests/support/machine-spec';

const user = machineSpec(userMachine);
const admin = machineSpec(adminMachine);
const registered = () =>
  event(
    'UserRegistered',
    { userId: 'u_1', email: 'a@b.example' },
    at(0),
    actors.brand,
  );
const onboarded = () =>
  event(
    'OnboardingCompleted',
    { companyName: 'Acme', country: 'NL', phoneNumber: null },
    at(1),
    actors.brand,
  );
const linked = () =>
  event('PayoutAccountLinked', { accountId: 'acct_9Z' }, at(2));
const pushAdded = (endpoint = 'https://push.example/abc') =>
  event('PushSubscriptionAdded', { endpoint }, at(3));

describe('user account', () => {
  it('registers, then completes onboarding', () => {
    user
      .given([])
      .when(registered())
      .then({
        state: 'registered',
        context: {
          userId: 'u_1',
          email: 'a@b.example',
          createdAt: at(0),
          onboardedAt: null,
        },
      });
    user
      .given([registered()])
      .when(onboarded())
      .then({
        state: 'onboarded',
        context: { companyName: 'Acme', country: 'NL', onboardedAt: at(1) },
      });
  });

  it('skipping onboarding (empty fields) also completes it', () => {
    user
      .given([registered()])
      .when(
        event(
          'OnboardingCompleted',
          { companyName: null, country: null, phoneNumber: null },
          at(1),
        ),
      )
      .then({ state: 'onboarded', context: { companyName: null } });
  });

  it('refuses a second registration and a second onboarding', () => {
    user.given([registered()]).when(registered()).thenRefused();
    user.given([registered(), onboarded()]).when(onboarded()).thenRefused();
  });

  it.each([
    'OnboardingCompleted',
    'ProfileUpdated',
    'PayoutAccountLinked',
    'PushSubscriptionAdded',
    'PayoutAccountStatusChanged',
    'PushSubscriptionRemoved',
  ] as const)('refuses %s before registration', (type) =>
    user.given([]).when(event(type)).thenRefused(),
  );

  it('updates the profile in any registered state', () => {
    for (const history of [[registered()], [registered(), onboarded()]]) {
      user
        .given(history)
        .when(
          event(
            'ProfileUpdated',
            { username: 'acme2', email: 'new@acme.example' },
            at(5),
          ),
        )
        .then({ context: { username: 'acme2', email: 'new@acme.example' } });
    }
  });

  it('payout status changes only for the linked account', () => {
    user
      .given([registered()])
      .when(linked())
      .then({ context: { payoutAccountId: 'acct_9Z', payoutsEnabled: false } });
    user
      .given([registered(), linked()])
      .when(event('PayoutAccountStatusChanged', { accountId: 'acct_9Z' }))
      .then({ context: { payoutsEnabled: true, detailsSubmitted: true } });
    user
      .given([registered(), linked()])
      .when(event('PayoutAccountStatusChanged', { accountId: 'acct_other' }))
      .thenRefused();
  });

  it('push subscriptions are kept once per endpoint and removed only when present', () => {
    const snapshot = user
      .given([registered(), pushAdded()])
      .when(pushAdded())
      .then({});
    expect(snapshot.context.pushSubscriptions).toHaveLength(1);
    user
      .given([registered(), pushAdded()])
      .when(
        event('PushSubscriptionRemoved', {
          endpoint: 'https://push.example/abc',
        }),
      )
      .then({ context: { pushSubscriptions: [] } });
    user
      .given([registered()])
      .when(
        event('PushSubscriptionRemoved', {
          endpoint: 'https://push.example/abc',
        }),
      )
      .thenRefused();
  });
});

describe('admin account', () => {
  const created = () =>
    event('AdminAccountCreated', { role: 'auditor' }, at(0), actors.system);

  it('is created active, records logins, and is deactivated for good', () => {
    admin
      .given([])
      .when(created())
      .then({
        state: 'active',
        context: {
          adminId: 'a_1',
          role: 'auditor',
          createdAt: at(0),
          lastLoginAt: null,
        },
      });
    admin
      .given([created()])
      .when(event('AdminLoggedIn', {}, at(2)))
      .then({ state: 'active', context: { lastLoginAt: at(2) } });
    admin
      .given([created()])
      .when(event('AdminDeactivated', {}, at(3)))
      .then({ state: 'deactivated' });
  });

  it('refuses a login before creation and a second creation', () => {
    admin.given([]).when(event('AdminLoggedIn')).thenRefused();
    admin.given([created()]).when(created()).thenRefused();
  });

  it('a deactivated account accepts nothing', () => {
    const history = [created(), event('AdminDeactivated', {}, at(3))];
    expect(admin.fold(history).status).toBe('done');
    for (const d of adminEventDefinitions)
      admin
        .given(history)
        .when(event(d.type, {}, at(4)))
        .thenRefused();
  });
});
