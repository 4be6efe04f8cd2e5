import { useMemo } from 'react';
import type { PaymentRequestDto } from '@machines/contract/api';
import type { PaymentRequestStateView } from '@machines/payment-request/payment-request.view';
import { lazyModule } from '@/lib/lazy-module';
import { serverRequestView } from './request-server-view';

/**
 * Status, step and actions of a request, from the statechart. XState and the request
 * machine load after the first render; until then the view is the server's reading of the same
 * statechart (`state` in the answer), as for deals (deal-view.ts).
 */
const machine = lazyModule(() => import('./request-machine-view'));

export const useRequestView = (
  request: PaymentRequestDto | undefined,
): PaymentRequestStateView | null => {
  const loaded = machine.useModule();
  return useMemo(
    () =>
      request
        ? loaded
          ? loaded.requestViewOf(request)
          : serverRequestView(request)
        : null,
    [request, loaded],
  );
};
