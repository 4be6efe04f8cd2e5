import { assign, setup } from 'xstate';
import type { AdminEvent, AdminRole } from './account.events';

export interface AdminContext {
  adminId: string;
  username: string;
  passwordHash: string;
  role: AdminRole;
  createdAt: string | null;
  lastLoginAt: string | null;
  /** SHA-256 (hex) of the unused one-time recovery code, if one was issued; absent in older history. */
  recoveryCodeHash?: string | null;
}

export const emptyAdminContext: AdminContext = {
  adminId: '',
  username: '',
  passwordHash: '',
  role: 'auditor',
  createdAt: null,
  lastLoginAt: null,
  recoveryCodeHash: null,
};

export function evolveAdminContext(
  c: AdminContext,
  event: AdminEvent,
): AdminContext {
  switch (event.type) {
    case 'AdminAccountCreated':
      return { ...c, ...event.data, createdAt: event.metadata.at };
    case 'AdminLoggedIn':
      return { ...c, lastLoginAt: event.metadata.at };
    case 'AdminDeactivated':
      return { ...c, recoveryCodeHash: null };
    case 'AdminRecoveryCodeIssued':
      return { ...c, recoveryCodeHash: event.data.codeHash };
    case 'AdminRecoveryCodeUsed':
      return { ...c, recoveryCodeHash: null };
  }
}

/**
 * Admin and auditor accounts: active until deactivated; only active accounts sign in. An active
 * account may be issued a one-time recovery code, spent once at sign-in.
 */
export const adminMachine = setup({
  types: { context: {} as AdminContext, events: {} as AdminEvent },
  actions: {
    evolve: assign(({ context, event }) => evolveAdminContext(context, event)),
  },
  guards: {
    hasRecoveryCode: ({ context }) => Boolean(context.recoveryCodeHash),
  },
}).createMachine({
  id: 'admin',
  context: emptyAdminContext,
  initial: 'new',
  states: {
    new: {
      on: { AdminAccountCreated: { target: 'active', actions: 'evolve' } },
    },
    active: {
      on: {
        AdminLoggedIn: { actions: 'evolve' },
        AdminDeactivated: { target: 'deactivated', actions: 'evolve' },
        AdminRecoveryCodeIssued: { actions: 'evolve' },
        AdminRecoveryCodeUsed: { guard: 'hasRecoveryCode', actions: 'evolve' },
      },
    },
    deactivated: { type: 'final' },
  },
});
