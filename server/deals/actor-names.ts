import type { Actor } from '@machines/events/metadata';
import type { AccountQueries } from '../../projections/accounts.queries';

/** The words an admin screen shows for system actors, by id; other system ids read "system". */
const systemNames: Record<string, string> = {
  'timer-reactor': 'timer',
  timer: 'timer',
  // The payments reactor records what the provider answered to a money intent.
  'payments-reactor': 'payment provider',
  escrow: 'system (payments)',
  bootstrap: 'system (first start)',
  cli: 'system (command line)',
  push: 'system (notifications)',
};

/**
 * The one place an actor becomes a name on admin and auditor screens (timelines, exports, notes):
 * a brand or creator by username, the link creator as "creator (link)", an admin by username, the
 * timer reactor as "timer" and webhooks as "payment provider". Raw ids never reach the screen.
 */
export function createActorNames(accounts: Pick<AccountQueries, 'userById' | 'adminById'>) {
  return (actor: Actor | { kind: string; id: string }): string => {
    switch (actor.kind) {
      case 'brand':
      case 'creator': {
        const user = accounts.userById(actor.id);
        return user?.username ?? `${actor.kind} (unknown)`;
      }
      case 'creator-link':
        return 'creator (link)';
      case 'admin': {
        const admin = accounts.adminById(actor.id);
        return admin ? admin.context.username : 'admin (unknown)';
      }
      case 'stripe':
        return 'payment provider';
      case 'system':
        return systemNames[actor.id] ?? 'system';
      default:
        return actor.kind;
    }
  };
}

export type ActorNames = ReturnType<typeof createActorNames>;
