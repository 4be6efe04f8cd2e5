import { describe, it } from 'vitest';
import { decideAdmin } from '@machines/account/admin.commands';
import { adminMachine } from '@machines/account/admin.machine';
import { decideUser } from '@machines/account/user.commands';
import { userMachine } from '@machines/account/user.machine';
import { actors, at, event } from '@tests/support/event-factory';
import { deciderSpec } from '@tests/support/decider-spec';

const user = deciderSpec(userMachine, decideUser);
const admin = deciderSpec(adminMachine, decideAdmin);

const registered = () =>
  event(
    'UserRegistered',
    { userId: 'u_1', email: 'a@b.example', username: 'acme' },
    at(0),
  );
const onboarded = () =>
  event(
    'OnboardingCompleted',
    { companyName: 'Acme', country: 'NL', phoneNumber: null },
    at(1),
  );
const device = (endpoint: string) =>
  event(
    'PushSubscriptionAdded',
    { endpoint, keys: { p256dh: 'p', auth: 'a' } },
    at(2),
  );
/** A sign-in that brought no language (the catalogue's example brings one). */
const signedIn = (addressHash: string, hours: number) =>
  event(
    'SignedIn',
    { addressHash, language: undefined },
    at(hours),
    actors.brand,
  );
const subscription = (endpoint: string) => ({
  endpoint,
  keys: { p256dh: 'p', auth: 'a' },
});

describe('user commands', () => {
  it('given nothing, when a user registers, then the account and its first sign-in are recorded', () => {
    user
      .given([])
      .when(
        {
          type: 'Register',
          user: {
            userId: 'u_1',
            username: 'acme',
            email: 'a@b.example',
            passwordHash: 'h',
            companyName: null,
            country: null,
            phoneNumber: null,
          },
          addressHash: 'addr',
        },
        at(0),
      )
      .then(
        { type: 'UserRegistered', data: { userId: 'u_1' } },
        { type: 'SignedIn', data: { addressHash: 'addr' } },
      );
  });

  it('given a registered user, onboarding completes once; completing again only updates changed fields', () => {
    const fields = { companyName: 'Acme', country: 'NL', phoneNumber: null };
    user
      .given([registered()])
      .when({ type: 'CompleteOnboarding', fields }, at(1))
      .then({ type: 'OnboardingCompleted', data: fields });
    user
      .given([registered(), onboarded()])
      .when({ type: 'CompleteOnboarding', fields }, at(2))
      .thenNothing();
    user
      .given([registered(), onboarded()])
      .when(
        { type: 'CompleteOnboarding', fields: { ...fields, country: 'BE' } },
        at(2),
      )
      .then({
        type: 'ProfileUpdated',
        data: { username: 'acme', country: 'BE' },
      });
  });

  it('choosing the language already saved, or saving an unchanged profile, records nothing', () => {
    user
      .given([registered()])
      .when({ type: 'ChooseLanguage', language: 'nl' }, at(1))
      .then({ type: 'LanguageChosen', data: { language: 'nl' } });
    user
      .given([registered(), event('LanguageChosen', { language: 'nl' }, at(1))])
      .when({ type: 'ChooseLanguage', language: 'nl' }, at(2))
      .thenNothing();
    const c = user.given([registered()]).snapshot.context;
    const profile = {
      username: c.username,
      email: c.email,
      companyName: c.companyName,
      country: c.country,
      phoneNumber: c.phoneNumber,
    };
    user
      .given([registered()])
      .when({ type: 'UpdateProfile', profile }, at(1))
      .thenNothing();
    user
      .given([registered()])
      .when(
        { type: 'UpdateProfile', profile: { ...profile, username: 'acme2' } },
        at(1),
      )
      .then({ type: 'ProfileUpdated', data: { username: 'acme2' } });
  });

  it('a sign-in from an address seen in the last 30 days records nothing, unless it brings the first language', () => {
    const seen = [registered(), signedIn('addr', 1)];
    user
      .given(seen)
      .when(
        { type: 'RecordSignIn', addressHash: 'addr', language: undefined },
        at(24 * 29),
      )
      .thenNothing();
    user
      .given(seen)
      .when(
        { type: 'RecordSignIn', addressHash: 'addr', language: 'nl' },
        at(2),
      )
      .then({
        type: 'SignedIn',
        data: { addressHash: 'addr', language: 'nl' },
      });
    user
      .given(seen)
      .when(
        { type: 'RecordSignIn', addressHash: 'addr', language: undefined },
        at(24 * 31 + 2),
      )
      .then({ type: 'SignedIn', data: { addressHash: 'addr' } });
    user
      .given(seen)
      .when(
        { type: 'RecordSignIn', addressHash: 'other', language: undefined },
        at(2),
      )
      .then({ type: 'SignedIn', data: { addressHash: 'other' } });
  });

  it('a device beyond the limit is refused; the same endpoint again replaces itself', () => {
    const two = [registered(), device('https://p/1'), device('https://p/2')];
    user
      .given(two)
      .when(
        {
          type: 'AddPushSubscription',
          subscription: subscription('https://p/3'),
          max: 2,
        },
        at(3),
      )
      .thenRefused({
        code: 'conflict',
        id: 'too_many_devices',
        status: 409,
        message: /2/,
      });
    user
      .given(two)
      .when(
        {
          type: 'AddPushSubscription',
          subscription: subscription('https://p/2'),
          max: 2,
        },
        at(3),
      )
      .then({
        type: 'PushSubscriptionAdded',
        data: { endpoint: 'https://p/2' },
      });
  });

  it('removing devices: one endpoint, every device, or nothing when it is already gone', () => {
    const two = [registered(), device('https://p/1'), device('https://p/2')];
    user
      .given(two)
      .when({ type: 'RemovePushSubscriptions', endpoint: 'https://p/2' }, at(3))
      .then({
        type: 'PushSubscriptionRemoved',
        data: { endpoint: 'https://p/2' },
      });
    user
      .given(two)
      .when({ type: 'RemovePushSubscriptions' }, at(3))
      .then(
        { type: 'PushSubscriptionRemoved' },
        { type: 'PushSubscriptionRemoved' },
      );
    user
      .given(two)
      .when({ type: 'RemovePushSubscriptions', endpoint: 'https://p/9' }, at(3))
      .thenNothing();
  });

  it('notification settings record what changed; the unsubscribe link turns e-mail off once', () => {
    user
      .given([registered()])
      .when({ type: 'SetNotifications', push: false, language: 'nl' }, at(1))
      .then(
        {
          type: 'NotificationPreferencesChanged',
          data: { push: false, email: true },
        },
        { type: 'LanguageChosen', data: { language: 'nl' } },
      );
    user
      .given([registered()])
      .when({ type: 'UnsubscribeEmail' }, at(1))
      .then({
        type: 'NotificationPreferencesChanged',
        data: { push: true, email: false },
      });
    user
      .given([
        registered(),
        event(
          'NotificationPreferencesChanged',
          { push: true, email: false },
          at(1),
        ),
      ])
      .when({ type: 'UnsubscribeEmail' }, at(2))
      .thenNothing();
  });

  it('which documents are e-mailed is recorded per kind, the others kept; the same choice again records nothing', () => {
    const documents = {
      receipt: true,
      invoice: false,
      creditNote: true,
      statement: true,
      selfBilled: true,
    };
    user
      .given([registered()])
      .when({ type: 'SetNotifications', documents: { invoice: false } }, at(1))
      .then({
        type: 'NotificationPreferencesChanged',
        data: { push: true, email: true, documents },
      });
    user
      .given([
        registered(),
        event(
          'NotificationPreferencesChanged',
          { push: true, email: true, documents },
          at(1),
        ),
      ])
      .when({ type: 'SetNotifications', documents: { invoice: false } }, at(2))
      .thenNothing();
  });

  it('the payout account and its status are recorded only when they differ', () => {
    const linked = [
      registered(),
      event('PayoutAccountLinked', { accountId: 'acct_1' }, at(1)),
    ];
    user
      .given(linked)
      .when({ type: 'LinkPayoutAccount', accountId: 'acct_1' }, at(2))
      .thenNothing();
    const status = {
      accountId: 'acct_1',
      payoutsEnabled: true,
      detailsSubmitted: true,
    };
    user
      .given(linked)
      .when({ type: 'RecordPayoutAccountStatus', status }, at(2))
      .then({ type: 'PayoutAccountStatusChanged', data: status });
    user
      .given([...linked, event('PayoutAccountStatusChanged', status, at(2))])
      .when({ type: 'RecordPayoutAccountStatus', status }, at(3))
      .thenNothing();
  });
});

describe('admin commands', () => {
  const created = () =>
    event('AdminAccountCreated', { adminId: 'a_1', role: 'admin' }, at(0));
  const code = 'b'.repeat(64);

  it('given an account with a recovery code, the right code is spent once and signs in with the password', () => {
    const issued = [
      created(),
      event('AdminRecoveryCodeIssued', { codeHash: code }, at(1)),
    ];
    admin
      .given(issued)
      .when({ type: 'UseRecoveryCode', codeHash: code, signedIn: true }, at(2))
      .then(
        { type: 'AdminRecoveryCodeUsed', data: { signedIn: true } },
        { type: 'AdminLoggedIn' },
      );
    admin
      .given(issued)
      .when({ type: 'UseRecoveryCode', codeHash: code, signedIn: false }, at(2))
      .then({ type: 'AdminRecoveryCodeUsed', data: { signedIn: false } });
    admin
      .given([
        ...issued,
        event('AdminRecoveryCodeUsed', { signedIn: true }, at(2)),
      ])
      .when({ type: 'UseRecoveryCode', codeHash: code, signedIn: true }, at(3))
      .thenRefused({
        code: 'unauthorized',
        id: 'invalid_credentials',
        status: 401,
        message: /Invalid/,
      });
    admin
      .given(issued)
      .when(
        { type: 'UseRecoveryCode', codeHash: 'c'.repeat(64), signedIn: true },
        at(2),
      )
      .thenRefused({
        code: 'unauthorized',
        id: 'invalid_credentials',
        status: 401,
        message: /Invalid/,
      });
  });

  it('creation, sign-in, deactivation and a new code each record their event', () => {
    admin
      .given([])
      .when(
        {
          type: 'CreateAdmin',
          adminId: 'a_2',
          username: 'ops',
          passwordHash: 'h',
          role: 'auditor',
        },
        at(0),
      )
      .then({
        type: 'AdminAccountCreated',
        data: { adminId: 'a_2', username: 'ops', role: 'auditor' },
      });
    admin
      .given([created()])
      .when({ type: 'RecordAdminLogin' }, at(1))
      .then({ type: 'AdminLoggedIn' });
    admin
      .given([created()])
      .when({ type: 'DeactivateAdmin', reason: 'left' }, at(1))
      .then({ type: 'AdminDeactivated', data: { reason: 'left' } });
    admin
      .given([created()])
      .when({ type: 'IssueRecoveryCode', codeHash: code }, at(1))
      .then({ type: 'AdminRecoveryCodeIssued', data: { codeHash: code } });
  });
});
