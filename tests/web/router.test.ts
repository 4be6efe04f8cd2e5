import { describe, expect, it } from 'vitest';
import { pageRoutes } from '@/app/route-table';
import { matchPath } from '@/lib/router';

/** The first row of the route table that matches, the catch-all last (as app-routes.tsx tries them). */
const pageOf = (pathname: string) =>
  [...pageRoutes]
    .sort((a, b) => Number(a.path === '*') - Number(b.path === '*'))
    .find((route) => matchPath(route.path, pathname))?.page;

describe('the app router matches paths as React Router did', () => {
  it('matches whole paths with their params, decoded', () => {
    expect(matchPath('/accept/:token', '/accept/abc%20def')).toEqual({
      token: 'abc def',
    });
    expect(matchPath('/accept/:token', '/accept/abc/statement')).toBeNull();
    expect(matchPath('/accept/:token', '/accept')).toBeNull();
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/', '/login')).toBeNull();
  });

  it('ignores case and a trailing slash', () => {
    expect(matchPath('/login', '/Login/')).toEqual({});
    expect(matchPath('/deals/:id', '/DEALS/7/')).toEqual({ id: '7' });
  });

  it('takes an optional param with or without it, and a catch-all with the rest of the path', () => {
    expect(matchPath('/pay-request/:token?', '/pay-request')).toEqual({});
    expect(matchPath('/pay-request/:token?', '/pay-request/t1')).toEqual({
      token: 't1',
    });
    expect(
      matchPath('/pay-request/:token?', '/pay-request/t1/receipt'),
    ).toBeNull();
    expect(matchPath('*', '/no/such/page')).toEqual({ '*': 'no/such/page' });
  });

  it('finds each screen of the route table, the not-found screen only for unknown paths', () => {
    expect(pageOf('/accept/tok')).toBe('accept');
    expect(pageOf('/accept/tok/contract')).toBe('document');
    expect(pageOf('/accept/tok/data')).toBe('data-export');
    expect(pageOf('/pay-request')).toBe('pay-request');
    expect(pageOf('/pay-request/tok/receipt')).toBe('document');
    expect(pageOf('/')).toBe('deals');
    expect(pageOf('/deals/3')).toBe('deal-detail');
    expect(pageOf('/admin/login')).toBe('admin-login');
    expect(pageOf('/admin')).toBe('admin');
    expect(pageOf('/profile/export')).toBe('data-export');
    expect(pageOf('/nothing-here')).toBe('not-found');
  });

  it('opens a party’s document by its reference only: no page takes a deal’s or request’s id for one', () => {
    expect(pageOf(`/documents/${'a1'.repeat(16)}`)).toBe('document');
    for (const path of [
      '/deals/3/receipt',
      '/deals/3/invoice',
      '/deals/3/credit-note',
      '/deals/3/self-billed-invoice',
      '/payment-requests/3/statement',
      '/payment-requests/3/self-billed-invoice',
    ])
      expect(pageOf(path), path).toBe('not-found');
  });
});
