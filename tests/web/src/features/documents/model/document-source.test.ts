import { describe, expect, it } from 'vitest';
import { documentSourceOf } from '@/features/documents/model/document-source';

describe('where a document page reads its document', () => {
  it('reads a party’s document by its reference, and none by a deal’s or request’s id', () => {
    const ref = '0123456789abcdef'.repeat(2);
    expect(documentSourceOf(`/documents/${ref}`)).toMatchObject({
      kind: 'byReference',
      path: `/api/documents/${ref}`,
    });
    // Not a reference: too short, or not hex.
    expect(documentSourceOf('/documents/12')).toBeNull();
    expect(documentSourceOf(`/documents/${'z'.repeat(32)}`)).toBeNull();
    for (const kind of [
      'receipt',
      'invoice',
      'credit-note',
      'self-billed-invoice',
    ])
      expect(documentSourceOf(`/deals/7/${kind}`), kind).toBeNull();
    for (const kind of ['statement', 'self-billed-invoice'])
      expect(documentSourceOf(`/payment-requests/7/${kind}`), kind).toBeNull();
  });

  it('reads the link papers by the link’s token and the contract by the deal', () => {
    expect(documentSourceOf('/pay-request/tok/receipt')).toMatchObject({
      kind: 'receipt',
      path: '/api/payment-requests/link/tok/receipt',
    });
    expect(documentSourceOf('/accept/tok/statement')).toMatchObject({
      kind: 'statement',
      path: '/api/deals/link/tok/statement',
    });
    expect(documentSourceOf('/deals/7/contract')).toMatchObject({
      kind: 'contract',
      path: '/api/deals/7/contract',
    });
  });

  it('takes no inherited name for a document kind', () => {
    for (const kind of [
      'constructor',
      'toString',
      '__proto__',
      'hasOwnProperty',
    ])
      expect(documentSourceOf(`/pay-request/tok/${kind}`), kind).toBeNull();
  });
});
