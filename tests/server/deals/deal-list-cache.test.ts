import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createDealListCache } from '@server/deals/deal-list-cache';
import { acceptsGzip, etagMatches } from '@server/http/encoded-answer';

const big = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: i,
    text: `deal ${i} with some words`,
  }));

describe('deal list cache', () => {
  it('given a filled entry, then it is served until its deadline, and gzip holds the same JSON', () => {
    const cache = createDealListCache();
    const entry = cache.set('u1', 'all', big(100), 1_000);
    expect(gunzipSync(entry.gzip).equals(entry.json)).toBe(true);
    expect(cache.get('u1', 'all', 999)).toBe(entry);
    expect(cache.get('u1', 'all', 1_000)).toBeNull();
  });

  it('given an invalidated owner, then its lists are gone and the byte count shrinks', () => {
    const cache = createDealListCache();
    cache.set('u1', 'all', big(10), Infinity);
    cache.set('u1', 'active', big(5), Infinity);
    cache.set('u2', 'all', big(10), Infinity);
    const before = cache.bytes;
    cache.invalidateOwner('u1');
    expect(cache.get('u1', 'all', 0)).toBeNull();
    expect(cache.get('u2', 'all', 0)).not.toBeNull();
    expect(cache.bytes).toBeLessThan(before);
  });

  it('given more bytes than the bound, then the least recently filled owners are dropped', () => {
    const one = createDealListCache().set('x', 'all', big(50), Infinity);
    const size = one.json.length + one.gzip.length;
    const cache = createDealListCache({ maxBytes: size * 2.5 });
    for (const owner of ['a', 'b', 'c', 'd'])
      cache.set(owner, 'all', big(50), Infinity);
    expect(cache.get('a', 'all', 0)).toBeNull();
    expect(cache.get('b', 'all', 0)).toBeNull();
    expect(cache.get('d', 'all', 0)).not.toBeNull();
    expect(cache.bytes).toBeLessThanOrEqual(size * 2.5);
  });

  it('given Accept-Encoding and If-None-Match headers, then they are read as RFC 9110 says', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
  });
});
