import type { Area } from '@/i18n/areas';

/**
 * The route table of docs/product.md §2: each path, the screen module it shows
 * (`web/src/routes/<page>.tsx`), the text areas that screen needs besides `core`, and who may open
 * it. Data only: the app builds its routes from it (app-routes.tsx), and the build turns it into the
 * preload list the server writes into each page's HTML (web/build/route-preloads.ts), so a screen's
 * code and texts download in parallel with the app's entry instead of after it.
 */
export interface PageRoute {
  path: string;
  page: string;
  areas: readonly Area[];
  access: 'public' | 'user' | 'admin';
}

const brand: Area[] = ['brand'];
const account: Area[] = ['brand', 'account'];
const admin: Area[] = ['brand', 'account', 'admin'];
const requests: Area[] = ['brand', 'requests'];
// A payment-request link shows the acceptance code, claim and billing address panels at once.
const requestLink: Area[] = [...requests, 'link-panels'];

export const pageRoutes: readonly PageRoute[] = [
  { path: '/login', page: 'login', areas: account, access: 'public' },
  { path: '/register', page: 'register', areas: account, access: 'public' },
  { path: '/onboarding', page: 'onboarding', areas: account, access: 'user' },
  // The creator's link page needs only the core texts: it is the lightest screen by design.
  { path: '/accept/:token', page: 'accept', areas: [], access: 'public' },
  {
    path: '/pay-request/:token?',
    page: 'pay-request',
    areas: requestLink,
    access: 'public',
  },
  {
    path: '/pay-request-success/:token',
    page: 'pay-request-success',
    areas: requestLink,
    access: 'public',
  },
  // Documents (document.tsx reads which one from the path); the link ones are public like their links.
  {
    path: '/accept/:token/statement',
    page: 'document',
    areas: [],
    access: 'public',
  },
  {
    path: '/accept/:token/contract',
    page: 'document',
    areas: [],
    access: 'public',
  },
  { path: '/deals/:id/contract', page: 'document', areas: [], access: 'user' },
  {
    path: '/accept/:token/self-billed-invoice',
    page: 'document',
    areas: [],
    access: 'public',
  },
  // A creator's data through the deal link this browser holds (docs/privacy.md).
  {
    path: '/accept/:token/data',
    page: 'data-export',
    areas: account,
    access: 'public',
  },
  {
    path: '/pay-request/:token/receipt',
    page: 'document',
    areas: [],
    access: 'public',
  },
  {
    path: '/pay-request/:token/invoice',
    page: 'document',
    areas: [],
    access: 'public',
  },
  {
    path: '/pay-request/:token/credit-note',
    page: 'document',
    areas: [],
    access: 'public',
  },
  {
    path: '/pay-request/:token/self-billed-invoice',
    page: 'document',
    areas: [],
    access: 'public',
  },
  { path: '/year-overview/:year', page: 'document', areas: [], access: 'user' },
  // A party's own receipt, statement or invoice, by its unguessable reference only: no page takes
  // a deal's or request's id for one.
  { path: '/documents/:ref', page: 'document', areas: [], access: 'user' },
  {
    path: '/payment-success/:dealId',
    page: 'payment-success',
    areas: requests,
    access: 'public',
  },
  // Help is open to everyone: a creator with only a link reads it too.
  { path: '/faq', page: 'faq', areas: account, access: 'public' },
  { path: '/admin/login', page: 'admin-login', areas: admin, access: 'public' },
  { path: '/', page: 'deals', areas: brand, access: 'user' },
  { path: '/deals', page: 'deals', areas: brand, access: 'user' },
  { path: '/create', page: 'create-deal', areas: brand, access: 'user' },
  {
    path: '/payment/:dealId',
    page: 'payment',
    areas: requests,
    access: 'user',
  },
  { path: '/dashboard', page: 'dashboard', areas: brand, access: 'user' },
  { path: '/deals/:id', page: 'deal-detail', areas: requests, access: 'user' },
  // The profile shows self-billing and the billing address.
  {
    path: '/profile',
    page: 'profile',
    areas: [...account, 'link-panels'],
    access: 'user',
  },
  {
    path: '/profile/export',
    page: 'data-export',
    areas: account,
    access: 'user',
  },
  {
    path: '/creator-request',
    page: 'creator-request',
    areas: requests,
    access: 'user',
  },
  {
    path: '/payment-requests',
    page: 'payment-requests',
    areas: requests,
    access: 'user',
  },
  { path: '/admin', page: 'admin', areas: admin, access: 'admin' },
  {
    path: '/notifications-test',
    page: 'notifications-test',
    areas: account,
    access: 'user',
  },
  { path: '*', page: 'not-found', areas: brand, access: 'public' },
];
