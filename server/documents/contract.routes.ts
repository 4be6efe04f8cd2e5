import type { z } from 'zod';
import {
  contractDocumentSchema,
  type ContractDocumentDto,
} from '@machines/contract/contract-api';
import { layoutContract } from '@machines/documents/contract-layout';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { idParam, tokenParam } from '../http/fields';
import type { ZodApp } from '../http/route-deps';
import { contractDocument } from './contract-hash';
import type { DocumentRouteDeps } from './document-parts';
import { documentPair, type DocumentPair } from './document-route';

type ContractPair = Omit<
  DocumentPair<ContractDocumentDto>,
  'answer' | 'layout'
>;

/** The contract at `path` (JSON, laid out and printed by the web app) and `path/pdf`, one guard and loader for both. */
const contractRoute = (app: ZodApp, path: string, pair: ContractPair): void =>
  documentPair<ContractDocumentDto>(app, path, {
    ...pair,
    answer: contractDocumentSchema,
    layout: layoutContract,
  });

/**
 * A deal's contract for each reader: its brand (signed in), whoever holds the creator's link
 * (they read it before accepting) and admins and auditors. The same canonical form and SHA-256
 * for all, laid out in the reader's language (machines/documents/contract-layout.ts).
 */
export function contractRoutes(
  app: ZodApp,
  { ctx, guards, dealViews }: DocumentRouteDeps,
): void {
  contractRoute(app, '/api/deals/:id/contract', {
    guard: { preHandler: guards.requireUser },
    schema: {
      tags: ['deals'],
      security: [{ bearerAuth: [] }],
      params: idParam,
    },
    description:
      "The deal's contract, for its brand: terms, SHA-256 and acceptance.",
    load: async (request) => {
      const { id } = request.params as z.infer<typeof idParam>;
      const { userId } = userOf(request);
      return contractDocument(
        dealViews.ownerRecord(id, userId).context,
        dealViews.brandNameOf(userId),
      );
    },
  });
  contractRoute(app, '/api/deals/link/:token/contract', {
    guard: {},
    schema: { tags: ['deal link (creator)'], params: tokenParam },
    description:
      "The deal's contract, for whoever holds the creator's link (read before accepting).",
    load: async (request) => {
      const record = dealViews.linkRecord(
        (request.params as z.infer<typeof tokenParam>).token,
      );
      return contractDocument(
        record.context,
        dealViews.brandNameOf(record.ownerId),
      );
    },
  });
  contractRoute(app, '/api/admin/deals/:id/contract', {
    guard: { preValidation: guards.requireAdminReader },
    schema: {
      tags: ['admin'],
      security: [{ bearerAuth: [] }],
      params: idParam,
    },
    description: "A deal's contract, for admins and auditors.",
    load: async (request) => {
      const record = ctx.queries.deals.byId(
        (request.params as z.infer<typeof idParam>).id,
      );
      if (!record) throw new DomainError('deal_not_found');
      return contractDocument(
        record.context,
        dealViews.brandNameOf(record.ownerId),
      );
    },
  });
}
