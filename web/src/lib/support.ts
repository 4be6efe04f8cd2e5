/** The support contact (spec §9: a mail address), in one place. */
export const SUPPORT_EMAIL = 'support@escrowdeals.example';
export const supportMailto = (subject?: string): string =>
  `mailto:${SUPPORT_EMAIL}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
