import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPostgresEvidenceStore,
  createSqliteEvidenceStore,
  type EvidenceStore,
  type StoredEvidence,
} from '@server/evidence/evidence-store';
import { evidenceTypeOf } from '@server/evidence/evidence-type';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';
import { createTestDatabase, pgTestUrl } from '@tests/support/postgres';

/**
 * The evidence store keeps a dispute's files by SHA-256 in the events' own database (a table in
 * the SQLite event file, or in PostgreSQL, which every instance reads); their type is read from
 * their first bytes.
 */
const file = (text: string): StoredEvidence => {
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(text)]);
  return {
    sha256: createHash('sha256').update(bytes).digest('hex'),
    contentType: 'application/pdf',
    sizeBytes: bytes.length,
    bytes,
  };
};

async function roundTrip(open: () => Promise<EvidenceStore>) {
  const store = await open();
  const a = file('a');
  await store.put(a);
  await store.put(a);
  expect(await store.get(a.sha256)).toEqual(a);
  expect(await store.get(file('b').sha256)).toBeNull();
  expect(await store.hashes()).toEqual([a.sha256]);
  await store.addUpload('deal-1', a.sha256);
  await store.addUpload('deal-1', a.sha256);
  expect(await store.hasUpload('deal-1', a.sha256)).toBe(true);
  expect(await store.hasUpload('deal-2', a.sha256)).toBe(false);
  await store.close();
  // Another connection (another instance) reads what the first wrote.
  const again = await open();
  expect((await again.get(a.sha256))?.bytes.equals(a.bytes)).toBe(true);
  expect(await again.hasUpload('deal-1', a.sha256)).toBe(true);
  await again.close();
}

describe('evidence store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'escrow-evidence-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('SQLite: a table in the event file, beside the events', async () => {
    const path = join(dir, 'events.db');
    const events = createSqliteEventStore({ path });
    await roundTrip(async () => createSqliteEvidenceStore(path));
    await events.close();
  });

  it.skipIf(!pgTestUrl)(
    'PostgreSQL: a table in the event database',
    async () => {
      const db = await createTestDatabase('escrow_evidence');
      try {
        await roundTrip(() => createPostgresEvidenceStore(db.url));
      } finally {
        await db.drop();
      }
    },
  );

  it('recognises PNG, JPEG, GIF, WebP and PDF by their magic bytes, and nothing else', () => {
    const bytes = (...parts: (number[] | string)[]) =>
      Buffer.concat(
        parts.map((p) =>
          typeof p === 'string' ? Buffer.from(p) : Buffer.from(p),
        ),
      );
    expect(
      evidenceTypeOf(
        bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'x'),
      ),
    ).toBe('image/png');
    expect(evidenceTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(evidenceTypeOf(bytes('GIF89a...'))).toBe('image/gif');
    expect(evidenceTypeOf(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe(
      'image/webp',
    );
    expect(evidenceTypeOf(bytes('%PDF-1.7'))).toBe('application/pdf');
    expect(
      evidenceTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBeNull();
    expect(evidenceTypeOf(bytes('<!doctype html>'))).toBeNull();
    expect(evidenceTypeOf(bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toBeNull();
    expect(evidenceTypeOf(bytes([0x89, 0x50]))).toBeNull();
  });
});
