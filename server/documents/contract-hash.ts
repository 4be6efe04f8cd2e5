import { createHash } from 'node:crypto';
import {
  canonicalContract,
  contractOf,
  type DealContract,
} from '@machines/deal/deal-contract';
import type { DealContext } from '@machines/deal/deal.context';
import type { ContractDocumentDto } from '@machines/contract/contract-api';
import { DomainError } from '../commands/domain-error';

/** SHA-256 (hex) of a contract's canonical form, as UTF-8: what an acceptance records. */
export const contractHash = (contract: DealContract): string =>
  createHash('sha256')
    .update(canonicalContract(contract), 'utf8')
    .digest('hex');

/** The contract a deal's terms make now, and its hash (null for a deal not created yet). */
export function dealContract(
  c: Pick<DealContext, 'dealId' | 'terms'>,
): { contract: DealContract; hash: string } | null {
  if (c.terms === null) return null;
  const contract = contractOf(c.dealId, c.terms);
  return { contract, hash: contractHash(contract) };
}

/** A deal's contract as its readers get it (machines/contract/contract-api.ts), `brand` naming the brand. */
export function contractDocument(
  c: Pick<
    DealContext,
    'dealId' | 'terms' | 'contractHash' | 'influencerAcceptedAt'
  >,
  brand: string,
): ContractDocumentDto {
  const made = dealContract(c);
  if (made === null) throw new DomainError('deal_not_found');
  return {
    brand,
    contract: made.contract,
    hash: made.hash,
    acceptedHash: c.contractHash,
    acceptedAt: c.influencerAcceptedAt,
  };
}
