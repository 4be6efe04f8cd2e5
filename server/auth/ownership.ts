import {
  dealNotFound,
  requestNotFound,
  type DealState,
  type PaymentRequestState,
} from '../commands/run-command';

/**
 * Who may run a command on the stream the runner loaded. A route passes one as the runner's last
 * argument (`run.deal(id, command, ctx, dealGuard.owner(userId))`); the runner checks it on the
 * loaded snapshot before the decider sees the command. A deal or request the caller may not touch
 * reads as "not found", so a guessed id or token learns nothing.
 */
export interface Guard<S> {
  readonly authorize: (state: S) => void;
}

/**
 * Admins act on any deal or request that exists: the route has authenticated them and checked
 * their role (`requireAdminActor`), and the runner refuses a stream that does not exist.
 */
const admin: Guard<unknown> = { authorize: () => undefined };

/** The guards of a deal's commands: its brand, its creator link, an admin. */
export const dealGuard = {
  /** The brand who owns the deal; a deleted deal is not found. */
  owner: (userId: string): Guard<DealState> => ({
    authorize: ({ revision, snapshot: { context: c } }) => {
      if (revision < 0 || c.ownerId !== userId || c.deletedAt !== null)
        throw dealNotFound();
    },
  }),
  /** Whoever holds the deal's creator link: this very token, on a deal that is not deleted. */
  link: (token: string): Guard<DealState> => ({
    authorize: ({ revision, snapshot: { context: c } }) => {
      if (revision < 0 || c.shareableToken !== token || c.deletedAt !== null)
        throw dealNotFound();
    },
  }),
  admin: admin as Guard<DealState>,
};

/** The guards of a payment request's commands: its creator, its link (the brand), an admin. */
export const requestGuard = {
  /** The creator who made the request. */
  owner: (creatorId: string): Guard<PaymentRequestState> => ({
    authorize: ({ revision, snapshot }) => {
      if (revision < 0 || snapshot.context.request?.creatorId !== creatorId)
        throw requestNotFound();
    },
  }),
  /** Whoever holds the request's link: this very token. */
  link: (token: string): Guard<PaymentRequestState> => ({
    authorize: ({ revision, snapshot }) => {
      if (revision < 0 || snapshot.context.request?.token !== token)
        throw requestNotFound();
    },
  }),
  admin: admin as Guard<PaymentRequestState>,
};
