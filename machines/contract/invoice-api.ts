import type { z } from 'zod';
import { InvoiceIssued } from '../documents/invoice.events';

/** A fee invoice or credit note as its reader gets it: the issued event's data, whole. */
export const invoiceDocumentSchema = InvoiceIssued.schema;
export type InvoiceDocumentDto = z.infer<typeof invoiceDocumentSchema>;
