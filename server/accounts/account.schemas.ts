import { z } from 'zod';
import { inputRef, type InputField } from '@machines/errors/input-texts';
import {
  accountName,
  companyField,
  countryField,
  emailField,
  phoneField,
} from '../http/fields';

/** A new password: at least 6 characters (docs/product.md §5). */
const newPassword = z
  .string({ error: inputRef('too_short', 'password', { min: 6 }) })
  .min(6, inputRef('too_short', 'password', { min: 6 }))
  .max(200, inputRef('too_long', 'password', { max: 200 }));

/** A password or code to check: given, whatever its length. */
const given = (field: InputField) =>
  z
    .string({ error: inputRef('required', field) })
    .min(1, inputRef('required', field))
    .max(200);

/** docs/product.md §5 registration rules and messages. */
export const registerBody = z.object({
  username: accountName('username', 3, 50),
  email: emailField(),
  password: newPassword,
  companyName: companyField,
  country: countryField,
  phoneNumber: phoneField,
});

export const loginBody = z.object({
  email: emailField(),
  password: given('password'),
});

export const changePasswordBody = z.object({
  currentPassword: given('currentPassword'),
  newPassword,
});

export const adminLoginBody = z.object({
  username: z
    .string({ error: inputRef('required', 'username') })
    .trim()
    .min(1, inputRef('required', 'username'))
    .max(100),
  password: given('password'),
  /** The one-time code from `npm run admin -- recovery-code <username>`: signs in past the throttles. */
  recoveryCode: z
    .string({ error: inputRef('not_text', 'recoveryCode') })
    .trim()
    .min(1, inputRef('required', 'recoveryCode'))
    .max(100, inputRef('too_long', 'recoveryCode', { max: 100 }))
    .optional(),
});

export const onboardingBody = z
  .object({
    companyName: companyField,
    country: countryField,
    phoneNumber: phoneField,
  })
  .nullish()
  .transform((b) => ({
    companyName: b?.companyName ?? null,
    country: b?.country ?? null,
    phoneNumber: b?.phoneNumber ?? null,
  }));

/** docs/product.md §5 profile-form rules (note: 2 characters here, 3 at registration). */
export const profileBody = z.object({
  username: accountName('username', 2, 50),
  email: emailField(inputRef('enter_valid_email')),
  companyName: companyField,
  country: countryField,
  phoneNumber: phoneField,
});

export type RegisterBody = z.output<typeof registerBody>;
export type ProfileBody = z.output<typeof profileBody>;
