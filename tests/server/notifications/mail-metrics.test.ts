import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailSender } from '@server/notifications/mail-sender';
import { processRegistry } from '@server/shared/process-metrics';

/* Every e-mail hand-over is counted in escrow_notifications_total, failed ones included. */
const dataDir = mkdtempSync(join(tmpdir(), 'mail-metrics-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function emailCount(outcome: 'sent' | 'failed'): Promise<number> {
  const text = await processRegistry.metrics();
  const line = text
    .split('\n')
    .find((l) =>
      l.startsWith(
        `escrow_notifications_total{channel="email",outcome="${outcome}"}`,
      ),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const message = {
  to: 'someone@example.com',
  subject: 'Hello',
  text: 'Hi',
  html: '<p>Hi</p>',
};

describe('e-mail metrics', () => {
  it('given SMTP_URL at a closed port, when 6 sends fail, then failed counts 6', async () => {
    const sender = createMailSender({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'Escrow <n@escrow.local>',
      dataDir,
    });
    const before = await emailCount('failed');
    for (let i = 0; i < 6; i++)
      await expect(sender.send(message)).rejects.toThrow();
    expect((await emailCount('failed')) - before).toBe(6);
  });

  it('given the mail folder (no SMTP), when a mail is written, then sent counts it', async () => {
    const sender = createMailSender({
      smtpUrl: undefined,
      from: 'Escrow <n@escrow.local>',
      dataDir,
    });
    const before = await emailCount('sent');
    await sender.send(message);
    expect((await emailCount('sent')) - before).toBe(1);
  });
});
