import { createPostgresClient } from './postgres-connection';
import { NOTIFY_CHANNEL } from './postgres-schema';

/**
 * One LISTEN connection shared by a store's subscriptions: each NOTIFY (sent by `es_append` at
 * COMMIT) wakes them. When the connection drops (server restart, pg_terminate_backend) the listener
 * fails for good: every subscription that relied on it ends with that error (the port's `done`),
 * and the store opens a new listener for the next subscription, which resumes from its position.
 */
export interface NotifyListener {
  /** Resolves once LISTEN is in place (a subscription reads only after that, so no commit is missed). */
  readonly ready: Promise<void>;
  /** Called with the error that ended the connection; at once if it already ended. Returns the unregister function. */
  onFailure(callback: (error: Error) => void): () => void;
  readonly failed: boolean;
  close(): Promise<void>;
}

export function createNotifyListener(
  connectionString: string,
  onNotify: () => void,
): NotifyListener {
  const client = createPostgresClient(connectionString);
  const callbacks = new Set<(error: Error) => void>();
  let failure: Error | null = null;
  let closing = false;

  const fail = (error: Error): void => {
    if (failure || closing) return;
    failure = new Error(
      `The event subscription lost its PostgreSQL connection: ${error.message}`,
      {
        cause: error,
      },
    );
    for (const callback of callbacks) callback(failure);
    callbacks.clear();
    void client.end().catch(() => undefined);
  };

  client.on('notification', (message) => {
    if (message.channel === NOTIFY_CHANNEL) onNotify();
  });
  client.on('error', fail);
  client.on('end', () => fail(new Error('connection ended')));

  const ready = (async () => {
    await client.connect();
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
  })();
  ready.catch((error: unknown) => fail(error as Error));
  const listening = ready.then(() => {
    if (failure) throw failure;
  });
  // Subscriptions await it; one closed before its first read must not leave an unhandled rejection.
  listening.catch(() => undefined);

  return {
    ready: listening,
    onFailure(callback) {
      if (failure) {
        callback(failure);
        return () => undefined;
      }
      callbacks.add(callback);
      return () => void callbacks.delete(callback);
    },
    get failed() {
      return failure !== null;
    },
    async close() {
      closing = true;
      callbacks.clear();
      await client.end().catch(() => undefined);
    },
  };
}
