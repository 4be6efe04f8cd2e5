import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorSchema } from '@machines/contract/api';
import {
  moneyDocumentSchema,
  type MoneyDocumentDto,
} from '@machines/contract/money-api';
import {
  layoutMoneyDocument,
  type DocumentLayout,
} from '@machines/documents/document-layout';
import { requestLanguage } from '../i18n/request-language';
import type { ZodApp } from '../http/route-deps';
import { renderDocumentPdf } from './document-pdf';
import { redactFor, type Reader } from '../shared/redaction';

const documentErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const pdfQuery = z.object({
  lang: z.enum(['en', 'nl'], { error: 'lang must be en or nl' }).optional(),
});

export interface DocumentRouteSpec<P extends z.ZodObject> {
  params: P;
  tags: string[];
  description: string;
  /** Routes behind a bearer token name it for the API docs. */
  bearer?: boolean;
  /**
   * Who reads it: the party's own signed-in account (`party`, the whole document), admins and
   * auditors (`admin`) or whoever holds a link (`link`); the last two read it under the one
   * redaction rule (server/shared/redaction.ts), JSON and PDF alike.
   */
  reader: 'party' | Reader;
  preHandler?: (request: FastifyRequest) => Promise<void>;
  preValidation?: (request: FastifyRequest) => Promise<void>;
  load: (
    params: z.infer<P>,
    request: FastifyRequest,
  ) => MoneyDocumentDto | Promise<MoneyDocumentDto>;
}

/** A laid-out document as a PDF download (A4, never cached). */
async function sendLayoutPdf(
  reply: FastifyReply,
  layout: DocumentLayout,
): Promise<void> {
  const pdf = await renderDocumentPdf(layout);
  await reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${layout.fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}

/** What a JSON-and-PDF pair of routes needs besides its path. */
export interface DocumentPair<D> {
  guard: {
    preHandler?: (request: FastifyRequest) => Promise<void>;
    preValidation?: (request: FastifyRequest) => Promise<void>;
  };
  schema: {
    tags: string[];
    security?: { bearerAuth: never[] }[];
    params: z.ZodObject;
  };
  description: string;
  /** The JSON answer's schema. */
  answer: z.ZodType;
  load: (request: FastifyRequest) => Promise<D>;
  layout: (doc: D, lang: 'en' | 'nl') => DocumentLayout;
}

/**
 * One document at `path` (JSON, the model the web app lays out and prints) and at `path/pdf` (the
 * same model laid out by the server as a PDF, in `?lang=` or the reader's language), with the same
 * guard and loader, so the two can never be allowed to different readers.
 */
export function documentPair<D>(
  app: ZodApp,
  path: string,
  pair: DocumentPair<D>,
): void {
  const { guard, schema, description } = pair;
  app.get(
    path,
    {
      ...guard,
      schema: {
        ...schema,
        description,
        response: { 200: pair.answer, ...documentErrors },
      },
    },
    async (request) => pair.load(request),
  );
  app.get(
    `${path}/pdf`,
    {
      ...guard,
      schema: {
        ...schema,
        querystring: pdfQuery,
        description: `${description} As a PDF (A4), in \`lang\` or the reader's language.`,
        response: documentErrors,
      },
    },
    async (request, reply) => {
      const doc = await pair.load(request);
      await sendLayoutPdf(
        reply,
        pair.layout(doc, request.query.lang ?? requestLanguage(request)),
      );
    },
  );
}

/** A receipt or statement as a pair of routes, read under the reader's redaction. */
export function documentRoute<P extends z.ZodObject>(
  app: ZodApp,
  path: string,
  spec: DocumentRouteSpec<P>,
): void {
  documentPair<MoneyDocumentDto>(app, path, {
    guard: {
      ...(spec.preHandler ? { preHandler: spec.preHandler } : {}),
      ...(spec.preValidation ? { preValidation: spec.preValidation } : {}),
    },
    schema: {
      tags: spec.tags,
      ...(spec.bearer ? { security: [{ bearerAuth: [] }] } : {}),
      params: spec.params,
    },
    description: spec.description,
    answer: moneyDocumentSchema,
    load: async (request) => {
      const doc = await spec.load(request.params as z.infer<P>, request);
      return spec.reader === 'party' ? doc : redactFor(spec.reader, doc);
    },
    layout: layoutMoneyDocument,
  });
}
