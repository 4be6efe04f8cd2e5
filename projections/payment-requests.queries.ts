import type { Database } from 'better-sqlite3';
import type { PaymentRequestContext } from '@machines/payment-request/payment-request.context';

export interface PaymentRequestRecord {
  id: number;
  creatorId: string;
  status: string;
  state: string;
  context: PaymentRequestContext;
}

interface Row {
  id: number;
  creator_id: string;
  status: string;
  state: string;
  context: string;
}

const toRecord = (r: Row): PaymentRequestRecord => ({
  id: r.id,
  creatorId: r.creator_id,
  status: r.status,
  state: r.state,
  context: JSON.parse(r.context) as PaymentRequestContext,
});

export function createPaymentRequestQueries(db: Database) {
  const cols = 'id, creator_id, status, state, context';
  const byId = db.prepare<[number], Row>(
    `SELECT ${cols} FROM rm_payment_requests WHERE id = ?`,
  );
  const creatorById = db.prepare<[number], { creator_id: string }>(
    'SELECT creator_id FROM rm_payment_requests WHERE id = ?',
  );
  const byToken = db.prepare<[string], Row>(
    `SELECT ${cols} FROM rm_payment_requests WHERE id = (SELECT ref_id FROM rm_tokens WHERE token = ? AND kind = 'payment-request')`,
  );
  const forCreator = db.prepare<[string], Row>(
    `SELECT ${cols} FROM rm_payment_requests WHERE creator_id = ? ORDER BY created_at DESC, id DESC`,
  );
  const all = db.prepare<[number, number], Row>(
    `SELECT ${cols} FROM rm_payment_requests ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
  );
  // A person's data export (rate-limited, rare): a scan is fine.
  const forBrandEmail = db.prepare<[string], Row>(
    `SELECT ${cols} FROM rm_payment_requests
     WHERE lower(json_extract(context, '$.request.brandEmail')) = ? ORDER BY created_at DESC, id DESC`,
  );
  // Admin and auditor reads, not hot paths: a scan of the requests table is fine at these sizes.
  const everDisputed = db.prepare<[string, string], Row>(
    `SELECT ${cols} FROM rm_payment_requests WHERE json_extract(context, '$.dispute.openedAt') IS NOT NULL
       AND json_extract(context, '$.dispute.openedAt') >= ? AND json_extract(context, '$.dispute.openedAt') < ?
     ORDER BY json_extract(context, '$.dispute.openedAt') DESC, id DESC`,
  );
  return {
    /** Requests whose brand ever disputed the work, opened in [from, to), newest dispute first. */
    everDisputed: (from = '', to = '\uffff') =>
      everDisputed.all(from, to).map(toRecord),
    byId: (id: number) => {
      const row = byId.get(id);
      return row ? toRecord(row) : null;
    },
    /** The request's creator alone, without reading the request (the live notices, per event). */
    creatorOf: (id: number): string | null =>
      creatorById.get(id)?.creator_id ?? null,
    byToken: (token: string) => {
      const row = byToken.get(token);
      return row ? toRecord(row) : null;
    },
    listForCreator: (creatorId: string) =>
      forCreator.all(creatorId).map(toRecord),
    /** Every creator's requests, newest first (the admin list). */
    listAll: (limit = 500, offset = 0) => all.all(limit, offset).map(toRecord),
    /** Requests sent to an address (the brand's side), newest first (the data export). */
    listForBrandEmail: (email: string) =>
      forBrandEmail.all(email.trim().toLowerCase()).map(toRecord),
  };
}

export type PaymentRequestQueries = ReturnType<
  typeof createPaymentRequestQueries
>;
