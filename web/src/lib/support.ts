/** The support contact (docs/product.md §9: a mail address), in one place. */
export const SUPPORT_EMAIL = 'support@escrowdeals.example';
export const supportMailto = (subject?: string): string =>
  `mailto:${SUPPORT_EMAIL}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
