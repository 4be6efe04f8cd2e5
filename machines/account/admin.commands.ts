import { DomainError } from '../command-error';
import type { DraftOf } from '../events/define';
import type { AdminEvent, AdminRole } from './account.events';
import type { adminMachine } from './admin.machine';
import type { SnapshotFrom } from 'xstate';

/**
 * What an admin or auditor account records, as commands, and the pure function that decides each:
 * `decideAdmin(command, snapshot) → events`. A password arrives hashed and a recovery code as its
 * SHA-256; the statechart checks every event the bus appends (only an active account signs in).
 */

type Draft = DraftOf<AdminEvent>;
type AdminSnapshot = SnapshotFrom<typeof adminMachine>;

export type AdminCommand =
  | {
      type: 'CreateAdmin';
      adminId: string;
      username: string;
      passwordHash: string;
      role: AdminRole;
    }
  | { type: 'RecordAdminLogin' }
  | { type: 'DeactivateAdmin'; reason: string | null }
  | { type: 'IssueRecoveryCode'; codeHash: string }
  /** A sign-in with a recovery code: spent whatever the password; `signedIn` when it was right. */
  | { type: 'UseRecoveryCode'; codeHash: string; signedIn: boolean };

/** Two hex digests compared in time that does not depend on where they differ. */
export function sameDigest(a: string, b: string | null | undefined): boolean {
  if (!b || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function decideAdmin(
  command: AdminCommand,
  snapshot: AdminSnapshot,
): Draft[] {
  switch (command.type) {
    case 'CreateAdmin': {
      const { type: _type, ...data } = command;
      return [{ type: 'AdminAccountCreated', data }];
    }
    case 'RecordAdminLogin':
      return [{ type: 'AdminLoggedIn', data: {} }];
    case 'DeactivateAdmin':
      return [{ type: 'AdminDeactivated', data: { reason: command.reason } }];
    case 'IssueRecoveryCode':
      return [
        {
          type: 'AdminRecoveryCodeIssued',
          data: { codeHash: command.codeHash },
        },
      ];
    case 'UseRecoveryCode': {
      // Decided on the stream itself: two sign-ins with one code spend it once.
      if (!sameDigest(command.codeHash, snapshot.context.recoveryCodeHash))
        throw new DomainError('invalid_credentials');
      const used: Draft = {
        type: 'AdminRecoveryCodeUsed',
        data: { signedIn: command.signedIn },
      };
      return command.signedIn
        ? [used, { type: 'AdminLoggedIn', data: {} }]
        : [used];
    }
  }
}
