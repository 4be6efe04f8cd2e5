import type { Language } from '@machines/account/account.events';
import type { Actor } from '@machines/events/metadata';
import type { AccountQueries } from '../../projections/accounts.queries';

/** The words admin screens show for actors that are no person with a name, per language. */
const roleNames = {
  en: {
    creatorLink: 'creator (link)',
    brandLink: 'brand (link)',
    unknownBrand: 'brand (unknown)',
    unknownCreator: 'creator (unknown)',
    unknownAdmin: 'admin (unknown)',
    provider: 'payment provider',
    system: 'system',
    timer: 'timer',
    payments: 'system (payments)',
    bootstrap: 'system (first start)',
    cli: 'system (command line)',
    push: 'system (notifications)',
  },
  nl: {
    creatorLink: 'creator (via link)',
    brandLink: 'merk (via link)',
    unknownBrand: 'merk (onbekend)',
    unknownCreator: 'creator (onbekend)',
    unknownAdmin: 'beheerder (onbekend)',
    provider: 'betaalprovider',
    system: 'systeem',
    timer: 'timer',
    payments: 'systeem (betalingen)',
    bootstrap: 'systeem (eerste start)',
    cli: 'systeem (opdrachtregel)',
    push: 'systeem (meldingen)',
  },
} as const satisfies Record<Language, Record<string, string>>;
type RoleName = keyof (typeof roleNames)['en'];

/** System actors by id; other system ids read "system". */
const systemRoles: Record<string, RoleName> = {
  'timer-reactor': 'timer',
  timer: 'timer',
  // The payments reactor records what the provider answered to a money intent.
  'payments-reactor': 'provider',
  escrow: 'payments',
  bootstrap: 'bootstrap',
  cli: 'cli',
  push: 'push',
};

/**
 * The one place an actor becomes a name on admin and auditor screens (timelines, exports, notes,
 * dispute conversations): a brand or creator by username; a link by whose link it is (a deal's
 * link is its creator's, a payment request's link its brand's); an admin by username; the timer
 * reactor as "timer" and webhooks as "payment provider", in the reader's language. Raw ids never
 * reach the screen.
 */
export function createActorNames(
  accounts: Pick<AccountQueries, 'userById' | 'adminById'>,
  language: Language = 'en',
) {
  const words = roleNames[language];
  return (actor: Actor | { kind: string; id: string }): string => {
    switch (actor.kind) {
      case 'brand':
      case 'creator': {
        const user = accounts.userById(actor.id);
        return (
          user?.username ??
          words[actor.kind === 'brand' ? 'unknownBrand' : 'unknownCreator']
        );
      }
      case 'creator-link':
        return actor.id.startsWith('payment-request-')
          ? words.brandLink
          : words.creatorLink;
      case 'admin': {
        const admin = accounts.adminById(actor.id);
        return admin ? admin.context.username : words.unknownAdmin;
      }
      case 'stripe':
        return words.provider;
      case 'system':
        return words[systemRoles[actor.id] ?? 'system'];
      default:
        return actor.kind;
    }
  };
}

export type ActorNames = ReturnType<typeof createActorNames>;
