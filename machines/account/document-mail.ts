/**
 * The documents an account may have e-mailed with their PDF, each switched on or off on its own
 * (the profile's settings; all on until turned off). A module without zod: the web app reads it.
 */
export const documentMailKinds = [
  'receipt',
  'invoice',
  'creditNote',
  'statement',
  'selfBilled',
] as const;
export type DocumentMailKind = (typeof documentMailKinds)[number];
export type DocumentMailPreferences = Record<DocumentMailKind, boolean>;
