import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_DOCS_PATH, renderEventDocs } from '@server/cli/event-docs';
import { eventCatalog } from '@machines/events/catalog';
import { decodeEvent } from '@machines/events/codec';

describe('docs/events.md', () => {
  const committed = readFileSync(EVENT_DOCS_PATH, 'utf8');

  it('is up to date with the catalogue (regenerate with `npx tsx server/cli/event-docs.ts`)', () => {
    expect(committed).toBe(renderEventDocs());
  });

  it('documents every event type once, with version and stream', () => {
    for (const d of eventCatalog) {
      expect(
        committed.split('\n').filter((line) => line === `### ${d.type}`),
      ).toHaveLength(1);
    }
    expect(committed.match(/^- schema version: \d+$/gm)).toHaveLength(
      eventCatalog.length,
    );
    expect(committed.match(/^- stream: `[^`]+`$/gm)).toHaveLength(
      eventCatalog.length,
    );
  });

  it('every example decodes with the codec, metadata included', () => {
    const blocks = [...committed.matchAll(/```json\n([\s\S]*?)\n```/g)].map(
      (m) =>
        JSON.parse(m[1]!) as { type: string; data: unknown; metadata: unknown },
    );
    expect(blocks.map((b) => b.type)).toEqual(eventCatalog.map((d) => d.type));
    blocks.forEach((b, i) =>
      expect(
        decodeEvent({ streamId: 'docs', position: i + 1, revision: 0, ...b })
          .type,
      ).toBe(b.type),
    );
  });

  it('detects a change: a changed catalogue renders differently', () => {
    const [first, ...rest] = eventCatalog;
    const changed = {
      ...first!,
      description: `${first!.description} (changed)`,
    };
    expect(renderEventDocs([changed, ...rest])).not.toBe(committed);
  });
});
