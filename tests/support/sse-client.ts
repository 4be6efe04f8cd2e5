import {
  request as httpRequest,
  type ClientRequest,
  type IncomingHttpHeaders,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { changeNoticeSchema, type ChangeNotice } from '@machines/contract/api';
import { createTestApp, type TestApp } from './test-app';

export interface SseStream {
  status: number;
  headers: IncomingHttpHeaders;
  notices: ChangeNotice[];
  /** The server ended the response (or the connection closed). */
  ended: boolean;
  /** The whole body of a refused (non-SSE) answer. */
  body: string;
}

export async function until(
  condition: () => boolean,
  what: string,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Opens real SSE connections on a listening app and parses every `change` event into `notices`. */
export function createSseClient(port: () => number) {
  const open: ClientRequest[] = [];
  return {
    open(
      path: string,
      headers: Record<string, string> = {},
    ): Promise<SseStream> {
      return new Promise<SseStream>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: port(),
            path,
            headers: { accept: 'text/event-stream', ...headers },
          },
          (res) => {
            const s: SseStream = {
              status: res.statusCode ?? 0,
              headers: res.headers,
              notices: [],
              ended: false,
              body: '',
            };
            let buffer = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              if (s.status !== 200) s.body += chunk;
              buffer += chunk;
              let end: number;
              while ((end = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                const lines = block.split('\n');
                if (!lines.includes('event: change')) continue;
                const data = lines.find((l) => l.startsWith('data: '));
                s.notices.push(
                  changeNoticeSchema.parse(
                    JSON.parse(data!.slice('data: '.length)),
                  ),
                );
              }
            });
            const ended = () => {
              s.ended = true;
            };
            res.on('end', ended);
            res.on('close', ended);
            res.on('error', () => undefined);
            resolve(s);
          },
        );
        req.on('error', (e) =>
          e.message.includes('socket hang up') || e.message.includes('aborted')
            ? undefined
            : reject(e),
        );
        open.push(req);
        req.end();
      });
    },
    closeAll(): void {
      for (const req of open.splice(0)) req.destroy();
    },
  };
}

/**
 * One listening test app per file for stream tests: the hooks open it, close every stream after
 * each test (waiting until the hub released them) and close the app at the end.
 */
export function useLiveTestApp(env: Record<string, string> = {}) {
  let port = 0;
  const sse = createSseClient(() => port);
  const live: {
    t: TestApp;
    sse: typeof sse;
    openStream: (
      path: string,
      headers?: Record<string, string>,
    ) => Promise<SseStream>;
  } = {
    t: undefined as unknown as TestApp,
    sse,
    /** Opens a stream, expects it accepted and waits until the hub registered it. */
    async openStream(path, headers = {}) {
      const before = live.t.ctx.live.size;
      const stream = await sse.open(path, headers);
      expect(stream.status, stream.body).toBe(200);
      expect(stream.headers['content-type']).toContain('text/event-stream');
      await until(
        () => live.t.ctx.live.size === before + 1,
        'the stream to register',
      );
      return stream;
    },
  };
  beforeAll(async () => {
    live.t = await createTestApp(env);
    await live.t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (live.t.app.server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    sse.closeAll();
    await until(
      () => live.t.ctx.live.size === 0,
      'live listeners to be released',
    );
  });
  afterAll(() => live.t.close());
  return live;
}
