import type { UserDto } from '@machines/contract/api';
import type { UserContext } from '@machines/account/user.machine';

/** The current user as the API shows it: never the password hash or push keys. */
export function toUserDto(u: UserContext): UserDto {
  return {
    id: u.userId,
    username: u.username,
    email: u.email,
    companyName: u.companyName,
    country: u.country,
    phoneNumber: u.phoneNumber,
    language: u.language ?? null,
    isOnboardingComplete: u.onboardedAt !== null,
    emailVerified: false,
    createdAt: u.createdAt ?? new Date(0).toISOString(),
  };
}
