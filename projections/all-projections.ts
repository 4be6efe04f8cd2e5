import type { Projection } from './projection';
import { adminsProjection } from './admins.projection';
import { dealsProjection } from './deals.projection';
import { notificationsProjection } from './notifications.projection';
import { paymentRequestsProjection } from './payment-requests.projection';
import { tokensProjection } from './tokens.projection';
import { usersProjection } from './users.projection';

/** Every read model the app keeps; the runner feeds them all from one subscription. */
export const allProjections: Projection[] = [
  dealsProjection,
  paymentRequestsProjection,
  tokensProjection,
  usersProjection,
  adminsProjection,
  notificationsProjection,
];
