import { randomUUID } from 'node:crypto';
import type { Actor } from '@machines/events/metadata';
import { dealMachine } from '@machines/deal/deal.machine';
import { linkClaimMachine } from '@machines/link-claim/link-claim.machine';
import { fold, initialOf } from '@machines/statechart';
import { newClaim } from '@server/auth/link-claim';
import { dealAggregate, linkClaimAggregate } from '@server/commands/aggregate';
import { checkDrafts } from '@server/commands/check-drafts';
import { openEventStore } from '@server/event-store/open-event-store';
import type { RunningServer } from './server';

/**
 * Accepts a deal's link as links were accepted before the e-mail code became part of the
 * acceptance (docs/adr/0030-email-confirmed-at-acceptance.md): `CreatorAccepted` with the hash of a
 * new claim secret, checked by the deal's statechart as the old route's command was, and the claim
 * without an address (`LinkClaimed`, no `email`). Appended to the running instance's embedded store
 * (its subscription picks them up as any append); answers the secret the accepting browser kept.
 */
export async function acceptAsBefore(
  server: Pick<RunningServer, 'dataDir'>,
  dealId: number,
  language: 'en' | 'nl',
): Promise<string> {
  const store = openEventStore({ dataDir: server.dataDir });
  try {
    const claim = newClaim();
    const actor: Actor = { kind: 'creator-link', id: `deal-${dealId}` };
    const stamp = {
      actor,
      at: new Date().toISOString(),
      correlationId: randomUUID(),
      causationId: null,
    };
    const stream = dealAggregate.streamId(dealId);
    const history = await store.readStream(stream);
    const accepted = checkDrafts(
      dealAggregate,
      fold(dealMachine, history as never, initialOf(dealMachine)),
      [{ type: 'CreatorAccepted', data: { claimSecretHash: claim.hash } }],
      stamp,
    );
    await store.append(stream, accepted.events, history.length - 1);
    const claimed = checkDrafts(
      linkClaimAggregate,
      initialOf(linkClaimMachine),
      [
        {
          type: 'LinkClaimed',
          data: {
            link: { kind: 'deal', id: dealId },
            claimSecretHash: claim.hash,
            language,
            fromBrandSignInAddress: false,
          },
        },
      ],
      stamp,
    );
    await store.append(
      linkClaimAggregate.streamId(`deal-${dealId}`),
      claimed.events,
      'no_stream',
    );
    return claim.secret;
  } finally {
    await store.close();
  }
}
