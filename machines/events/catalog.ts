import type { EventDefinition } from './define';
import { dealEventDefinitions } from '../deal/deal.events';
import { paymentRequestEventDefinitions } from '../payment-request/payment-request.events';
import { notificationEventDefinitions } from '../notifications/notification.events';
import { linkClaimEventDefinitions } from '../link-claim/link-claim.events';
import { reconciliationEventDefinitions } from '../reconciliation/reconciliation.events';
import { documentEventDefinitions } from '../documents/invoice.events';
import { privacyEventDefinitions } from '../privacy/privacy.events';
import {
  accountEventDefinitions,
  adminEventDefinitions,
  supportEventDefinitions,
} from '../account/account.events';

/** Every event type the ledger stores, with its schema and version: the contract of stored JSON. */
export const eventCatalog: readonly EventDefinition[] = [
  ...dealEventDefinitions,
  ...paymentRequestEventDefinitions,
  ...accountEventDefinitions,
  ...adminEventDefinitions,
  ...supportEventDefinitions,
  ...notificationEventDefinitions,
  ...linkClaimEventDefinitions,
  ...reconciliationEventDefinitions,
  ...documentEventDefinitions,
  ...privacyEventDefinitions,
];

const byType = new Map<string, EventDefinition>(
  eventCatalog.map((d) => [d.type, d]),
);

export function eventDefinition(type: string): EventDefinition | undefined {
  return byType.get(type);
}
