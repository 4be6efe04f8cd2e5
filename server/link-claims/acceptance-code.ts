import { z } from 'zod';
import type { Language } from '@machines/account/account.events';
import {
  createLinkHolders,
  type LinkHolderParts,
  type LinkRef,
} from '../auth/link-holders';
import type { CommandContext } from '../commands/command-bus';
import { createLinkCodes, type LinkCodeParts } from './link-codes';

/** The acceptance's e-mail code: six digits from the mail sent to the address being confirmed. */
export const emailCodeField = z
  .string({
    error:
      'emailCode is required: the 6-digit code mailed to confirm your address',
  })
  .trim()
  .regex(/^\d{6}$/, 'emailCode has 6 digits');

/**
 * The address an acceptance confirms (docs/adr/0030-email-confirmed-at-acceptance.md): the code
 * mailed to it is checked before the acceptance is recorded, while nobody holds the link, and the
 * confirmed address goes into the claim the acceptance takes. A wrong, expired or missing code
 * refuses the acceptance (`link_code_wrong`, `link_code_expired`, `link_code_invalid`).
 */
export function createAcceptanceCode(ctx: LinkHolderParts & LinkCodeParts) {
  const codes = createLinkCodes(ctx, createLinkHolders(ctx));
  return async (
    ref: LinkRef,
    code: string,
    language: Language,
    meta: CommandContext,
  ) => {
    const input = {
      purpose: 'confirm',
      atAcceptance: true,
      code,
      language,
    } as const;
    return (await codes.checkCode(ref, input, meta)).email!;
  };
}
