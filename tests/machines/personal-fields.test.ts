import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventCatalog } from '@machines/events/catalog';
import { defineEvent } from '@machines/events/define';
import {
  erasedValue,
  mapPersonalValues,
  personalValues,
  stringFieldPaths,
} from '@machines/events/personal-fields';

/** The paths of a definition's string fields that the catalogue does not mark, and marks of none. */
function unmarked(d: (typeof eventCatalog)[number]): {
  missing: string[];
  unknown: string[];
} {
  const paths = stringFieldPaths(d.schema);
  return {
    missing: paths.filter((p) => !(p in d.fields)),
    unknown: Object.keys(d.fields).filter((p) => !paths.includes(p)),
  };
}

describe('personal-field catalogue', () => {
  it('marks every string field of every event as profile, fiscal or none', () => {
    const problems = eventCatalog
      .map((d) => ({ type: d.type, ...unmarked(d) }))
      .filter((p) => p.missing.length > 0 || p.unknown.length > 0);
    expect(problems).toEqual([]);
  });

  it('fails for a new event with a string field that says nothing about it', () => {
    const careless = defineEvent({
      type: 'Careless',
      version: 1,
      category: 'user',
      description: 'test only',
      schema: z.object({
        nickname: z.string(),
        at: z.iso.datetime(),
        tags: z.array(z.object({ label: z.string() })),
      }),
      fields: { nickname: 'profile' },
      example: { nickname: 'x', at: '2026-01-01T00:00:00.000Z', tags: [] },
    });
    expect(unmarked(careless)).toEqual({
      missing: ['tags[].label'],
      unknown: [],
    });
  });

  it('contact data is profile data and invoice parties are fiscal data', () => {
    const marks = (type: string) =>
      eventCatalog.find((d) => d.type === type)!.fields;
    expect(marks('UserRegistered')).toMatchObject({
      email: 'profile',
      username: 'profile',
    });
    expect(marks('PaymentRequestCreated')).toMatchObject({
      creatorEmail: 'profile',
      brandEmail: 'profile',
      token: 'none',
    });
    // The seller of a self-billed invoice is a creator: its details are kept with the invoice too.
    expect(marks('InvoiceIssued')).toMatchObject({
      'buyer.name': 'fiscal',
      'seller.name': 'fiscal',
    });
    expect(marks('BillingDetailsChanged')).toMatchObject({
      'addressLines[]': 'fiscal',
    });
  });

  it('lists the personal values an event carries, nested and in arrays', () => {
    const invoice = eventCatalog.find((d) => d.type === 'InvoiceIssued')!;
    expect(personalValues('InvoiceIssued', invoice.example)).toEqual(
      expect.arrayContaining([
        { path: 'buyer.name', privacy: 'fiscal', value: 'Acme BV' },
        {
          path: 'description',
          privacy: 'fiscal',
          value: expect.any(String) as string,
        },
      ]),
    );
    expect(
      personalValues('InvoiceIssued', invoice.example).map((v) => v.path),
    ).not.toContain('seller.kvk');
    const deal = eventCatalog.find((d) => d.type === 'DealCreated')!;
    expect(personalValues('DealCreated', deal.example)).toEqual(
      expect.arrayContaining([
        { path: 'influencer', privacy: 'profile', value: '@sanne.creates' },
        { path: 'description[]', privacy: 'profile', value: 'Tag @brand' },
      ]),
    );
    expect(personalValues('NoSuchEvent', { email: 'a@b.example' })).toEqual([]);
  });
});

describe('erased values', () => {
  it('every event still matches its schema with each personal value read as erased', () => {
    const failing = eventCatalog
      .filter((d) => {
        const erased = mapPersonalValues(d.type, d.example, (_v, _p, path) =>
          erasedValue(d.type, path),
        );
        return !d.schema.safeParse(erased).success;
      })
      .map((d) => d.type);
    expect(failing).toEqual([]);
  });
});
