/** The creator's link to a deal (its accept page), on this site. */
export const acceptUrl = (token: string): string =>
  `${window.location.origin}/accept/${token}`;
