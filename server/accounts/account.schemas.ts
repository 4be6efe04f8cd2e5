import { z } from 'zod';
import { accountName, companyField, countryField, emailField, phoneField } from '../http/fields';

/** docs/product.md §5 registration rules and messages. */
export const registerBody = z.object({
  username: accountName('Username', 3, 50),
  email: emailField(),
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
  companyName: companyField,
  country: countryField,
  phoneNumber: phoneField,
});

export const loginBody = z.object({
  email: emailField(),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(200),
  newPassword: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
});

export const adminLoginBody = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  /** The one-time code from `npm run admin -- recovery-code <username>`: signs in past the throttles. */
  recoveryCode: z
    .string({ error: 'Recovery code must be text' })
    .trim()
    .min(1, 'Recovery code must not be empty')
    .max(100, 'Recovery code must be at most 100 characters')
    .optional(),
});

export const onboardingBody = z
  .object({ companyName: companyField, country: countryField, phoneNumber: phoneField })
  .nullish()
  .transform((b) => ({
    companyName: b?.companyName ?? null,
    country: b?.country ?? null,
    phoneNumber: b?.phoneNumber ?? null,
  }));

/** docs/product.md §5 profile-form rules (note: 2 characters here, 3 at registration). */
export const profileBody = z.object({
  username: accountName('Username', 2, 50),
  email: emailField('Please enter a valid email address'),
  companyName: companyField,
  country: countryField,
  phoneNumber: phoneField,
});

export type RegisterBody = z.output<typeof registerBody>;
export type ProfileBody = z.output<typeof profileBody>;
