import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/test-app';

/*
 * Slow clients on a real socket: headers or a body that never (fully) arrive are cut off after
 * REQUEST_TIMEOUT_MS, and one address cannot hold more than MAX_CONNECTIONS_PER_ADDRESS sockets.
 */
let t: TestApp | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await t?.close();
  t = undefined;
});

async function listening(env: Record<string, string>): Promise<number> {
  t = await createTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/** A raw connection that records what it received and when it was closed. */
function open(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  const state = { received: '', closedAfterMs: -1, connected: false };
  const started = Date.now();
  socket.on('connect', () => (state.connected = true));
  socket.on('data', (chunk) => (state.received += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  socket.on('close', () => (state.closedAfterMs = Date.now() - started));
  return { socket, state };
}

const until = async (done: () => boolean, withinMs: number) => {
  const giveUp = Date.now() + withinMs;
  while (!done() && Date.now() < giveUp)
    await new Promise((r) => setTimeout(r, 25));
};

const HEAD =
  'POST /api/auth/login HTTP/1.1\r\nHost: app.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';

describe('slow request bodies', () => {
  it('given Content-Length 1000 and no body, then the server answers 408 and closes the socket after the timeout', async () => {
    const port = await listening({ REQUEST_TIMEOUT_MS: '1000' });
    const { socket, state } = open(port);
    socket.write(HEAD);
    await until(() => state.closedAfterMs >= 0, 5_000);
    expect(state.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(state.closedAfterMs).toBeLessThan(4_000);
    expect(state.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('given a body trickling in a byte at a time, then it is cut off all the same', async () => {
    const port = await listening({ REQUEST_TIMEOUT_MS: '1000' });
    const { socket, state } = open(port);
    socket.write(HEAD);
    const trickle = setInterval(
      () => socket.writable && socket.write(' '),
      200,
    );
    await until(() => state.closedAfterMs >= 0, 5_000);
    clearInterval(trickle);
    expect(state.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(state.closedAfterMs).toBeLessThan(4_000);
  });

  it('given headers that never end, then the socket is closed too', async () => {
    const port = await listening({ REQUEST_TIMEOUT_MS: '1000' });
    const { socket, state } = open(port);
    socket.write('GET /api/health HTTP/1.1\r\nHost: app.test\r\n');
    await until(() => state.closedAfterMs >= 0, 5_000);
    expect(state.closedAfterMs).toBeGreaterThanOrEqual(0);
    expect(state.closedAfterMs).toBeLessThan(4_000);
  });
});

describe('connections per address', () => {
  it('given three open connections from one address, when a fourth opens, then it is closed at once; once one closes, a new one is served', async () => {
    const port = await listening({ MAX_CONNECTIONS_PER_ADDRESS: '3' });
    const held = [open(port), open(port), open(port)];
    for (const h of held) h.socket.write(HEAD);
    await until(() => held.every((h) => h.state.connected), 2_000);
    const fourth = open(port);
    await until(() => fourth.state.closedAfterMs >= 0, 2_000);
    expect(fourth.state.closedAfterMs).toBeGreaterThanOrEqual(0);
    expect(fourth.state.received).toBe('');

    held[0]!.socket.destroy();
    await until(() => held[0]!.state.closedAfterMs >= 0, 2_000);
    await new Promise((r) => setTimeout(r, 50));
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });

  it('given the address is a trusted proxy, then its connections are not capped (the proxy caps per client)', async () => {
    const port = await listening({
      MAX_CONNECTIONS_PER_ADDRESS: '2',
      TRUST_PROXY: '127.0.0.1',
    });
    const held = [open(port), open(port), open(port), open(port)];
    for (const h of held) h.socket.write(HEAD);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      held.every((h) => h.state.connected && h.state.closedAfterMs < 0),
    ).toBe(true);
  });
});
