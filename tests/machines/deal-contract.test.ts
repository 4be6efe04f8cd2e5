import { describe, expect, it } from 'vitest';
import {
  canonicalContract,
  canonicalJson,
  contractOf,
  revisionRoundsOf,
} from '@machines/deal/deal-contract';
import { decideDeal } from '@machines/deal/deal.commands';
import { dealMachine } from '@machines/deal/deal.machine';
import { layoutContract } from '@machines/documents/contract-layout';
import { deciderSpec } from '@tests/support/decider-spec';
import {
  at,
  dealGiven,
  dealHistory,
  event,
  terms,
} from '@tests/support/event-factory';

/** The sealed contract: one canonical form, an acceptance that records its hash, no edit after it. */
const { given } = deciderSpec(dealMachine, decideDeal);
const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

describe('the contract’s canonical form', () => {
  it('is one JSON text: keys sorted, no white space, whatever order the fields were written in', () => {
    expect(
      canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], e: undefined }),
    ).toBe('{"a":[{"c":"x","d":null}],"b":1}');
    const created = dealHistory.created().data;
    const reordered = Object.fromEntries(
      Object.entries(created).reverse(),
    ) as typeof created;
    expect(canonicalContract(contractOf(42, reordered))).toBe(
      canonicalContract(contractOf(42, created)),
    );
  });

  it('holds codes and numbers, never words of a language', () => {
    const text = canonicalContract(contractOf(42, dealHistory.created().data));
    expect(text).toContain('"usageRights":{"days":30,"kind":"paid_ads"}');
    expect(text).toContain('"revisionRounds":2');
    expect(text).toContain('"form":"deal-contract/1"');
  });

  it('reads a deal made before contracts as no revision rounds, usage rights not agreed, no exclusivity', () => {
    const {
      revisionRounds: _r,
      usageRights: _u,
      exclusivity: _e,
      brandTerms: _b,
      ...old
    } = {
      ...event('DealUpdated').data,
      ...terms(25_000),
    };
    expect(revisionRoundsOf(old)).toBe(0);
    expect(contractOf(7, old)).toMatchObject({
      revisionRounds: 0,
      usageRights: null,
      exclusivity: { kind: 'none' },
      brandTerms: null,
    });
  });

  it('is laid out in English and Dutch with the same hash', () => {
    const doc = {
      brand: 'Acme BV',
      contract: contractOf(42, dealHistory.created().data),
      hash: HASH_A,
      acceptedHash: HASH_A,
      acceptedAt: at(1),
    };
    const en = layoutContract(doc, 'en');
    const nl = layoutContract(doc, 'nl');
    const lines = (l: typeof en) => [
      ...l.head,
      ...l.sections.flatMap((s) => s.lines),
    ];
    expect(lines(en).find((l) => l.value === HASH_A)?.label).toBe(
      'Contract fingerprint (SHA-256)',
    );
    expect(lines(nl).find((l) => l.value === HASH_A)?.label).toBe(
      'Vingerafdruk van het contract (SHA-256)',
    );
    expect(lines(en).map((l) => l.value)).toContain(
      'Paid ads / whitelisting for 30 days',
    );
    expect(lines(nl).map((l) => l.value)).toContain(
      'Betaalde advertenties / whitelisting gedurende 30 dagen',
    );
  });
});

describe('the contract of a deal with milestones', () => {
  const plan = [
    {
      title: 'Story',
      deliverables: ['1 Story'],
      amountCents: 10_000,
      dueDate: '2027-01-10',
    },
    {
      title: 'TikTok',
      deliverables: [],
      amountCents: 15_000,
      dueDate: '2027-01-20',
    },
  ];
  const withPlan = { ...dealHistory.created().data, milestones: plan };

  it('is form deal-contract/2 and seals the plan; a deal without a plan keeps /1 byte for byte', () => {
    const text = canonicalContract(contractOf(42, withPlan));
    expect(text).toContain('"form":"deal-contract/2"');
    expect(text).toContain(
      '"milestones":[{"amountCents":10000,"deliverables":["1 Story"],"dueDate":"2027-01-10","title":"Story"}',
    );
    const plain = canonicalContract(contractOf(42, dealHistory.created().data));
    expect(plain).not.toContain('milestones');
    expect(plain).toContain('"form":"deal-contract/1"');
    // Another due date is another contract.
    const moved = {
      ...withPlan,
      milestones: [plan[0]!, { ...plan[1]!, dueDate: '2027-01-21' }],
    };
    expect(canonicalContract(contractOf(42, moved))).not.toBe(text);
  });

  it('lists each milestone in the printable contract, in English and Dutch', () => {
    const doc = {
      brand: 'Acme BV',
      contract: contractOf(42, withPlan),
      hash: HASH_A,
      acceptedHash: null,
      acceptedAt: null,
    };
    const section = (lang: 'en' | 'nl') =>
      layoutContract(doc, lang).sections.find((s) =>
        s.lines.some((l) => l.label.includes('TikTok')),
      );
    expect(section('en')?.heading).toBe('Milestones');
    expect(section('en')?.lines.map((l) => l.label)).toEqual([
      'Milestone 1: Story',
      'Milestone 2: TikTok',
    ]);
    expect(section('en')?.lines[1]?.value).toMatch(
      /^€150\.00, due .*Deliverables: None$/,
    );
    expect(section('nl')?.heading).toBe('Mijlpalen');
    expect(section('nl')?.lines[0]?.value).toMatch(
      /uiterlijk .*Deliverables: 1 Story$/,
    );
  });
});

describe('accepting the contract', () => {
  it('records the hash of the contract as it stands', () => {
    given(dealGiven.awaitingAcceptance())
      .when(
        { type: 'AcceptDeal', contractHash: HASH_A, readHash: HASH_A },
        at(1),
      )
      .then({ type: 'CreatorAccepted', data: { contractHash: HASH_A } });
  });

  it('without a hash from the client (older clients) it still records the one that stands', () => {
    given(dealGiven.awaitingAcceptance())
      .when({ type: 'AcceptDeal', contractHash: HASH_A }, at(1))
      .then({ type: 'CreatorAccepted', data: { contractHash: HASH_A } });
  });

  it('is refused when the contract the creator read is not the one that stands', () => {
    given(dealGiven.awaitingAcceptance())
      .when(
        { type: 'AcceptDeal', contractHash: HASH_A, readHash: HASH_B },
        at(1),
      )
      .thenRefused({
        code: 'conflict',
        id: 'contract_changed',
        status: 409,
        message:
          'The contract changed after you read it; read it again before accepting',
      });
  });

  it('the folded deal keeps the accepted hash', () => {
    const accepted = event('CreatorAccepted', { contractHash: HASH_A }, at(1));
    const { snapshot } = given([...dealGiven.awaitingAcceptance(), accepted]);
    expect(snapshot.context.contractHash).toBe(HASH_A);
  });

  it('no edit after acceptance: the terms are sealed', () => {
    given(dealGiven.accepted())
      .when(
        {
          type: 'UpdateDealTerms',
          terms: { ...event('DealUpdated').data, ...terms(30_000) },
        },
        at(3),
      )
      .thenRefused({
        code: 'illegal_transition',
        id: 'deal_not_in_state',
        status: 409,
        message: /Cannot edit the deal while the deal is pending_delivery/,
      });
  });
});
