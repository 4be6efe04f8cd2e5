import type { AnyStateMachine } from 'xstate';
import { dealMachine } from '@machines/deal/deal.machine';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { userMachine } from '@machines/account/user.machine';
import { adminMachine } from '@machines/account/admin.machine';
import { linkClaimMachine } from '@machines/link-claim/link-claim.machine';
import { statusOf } from '@machines/statechart';

/** A kind of stream whose history a statechart validates. */
export interface Aggregate<M extends AnyStateMachine = AnyStateMachine> {
  name: string;
  machine: M;
  streamId(id: string | number): string;
  /** The status string users read, for refusal messages ("… while the deal is pending_payment"). */
  describe(snapshot: ReturnType<M['getInitialSnapshot']>): string;
}

export const dealAggregate: Aggregate<typeof dealMachine> = {
  name: 'deal',
  machine: dealMachine,
  streamId: (id) => `deal-${id}`,
  describe: statusOf,
};

export const paymentRequestAggregate: Aggregate<typeof paymentRequestMachine> =
  {
    name: 'payment request',
    machine: paymentRequestMachine,
    streamId: (id) => `payment-request-${id}`,
    describe: statusOf,
  };

export const userAggregate: Aggregate<typeof userMachine> = {
  name: 'user',
  machine: userMachine,
  streamId: (id) => `user-${id}`,
  describe: statusOf,
};

export const adminAggregate: Aggregate<typeof adminMachine> = {
  name: 'admin account',
  machine: adminMachine,
  streamId: (id) => `admin-${id}`,
  describe: statusOf,
};

/** Who holds a deal's or payment request's link (docs/adr/0020-link-claims-move-by-email-code.md). */
export const linkClaimAggregate: Aggregate<typeof linkClaimMachine> = {
  name: 'link claim',
  machine: linkClaimMachine,
  streamId: (ref) => `link-claim-${ref}`,
  describe: statusOf,
};
