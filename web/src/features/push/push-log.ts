import { useCallback, useState } from 'react';
import { errorText } from '@/lib/http';
import { t, currentLocale } from '@/i18n';

/** What the server's push test calls answer (docs/product.md §7): nothing reached a device unless `sent` > 0. */
interface SendResult {
  success?: boolean;
  sent?: number;
  failed?: number;
}

const isSendResult = (value: unknown): value is SendResult =>
  typeof value === 'object' && value !== null && 'sent' in value;

/** The notifications test page's results log: newest first, with a time stamp; `clear` empties it. */
export function usePushLog() {
  const [lines, setLines] = useState<string[]>([]);
  const add = useCallback(
    (line: string) =>
      setLines((l) => [
        `${new Date().toLocaleTimeString(currentLocale())} ${line}`,
        ...l,
      ]),
    [],
  );
  const clear = useCallback(() => setLines([]), []);

  /** Runs a server test call and logs what it really did: an error, or how many devices it reached. */
  const runServer = useCallback(
    async (label: string, call: () => Promise<unknown>) => {
      try {
        const answer = await call();
        if (!isSendResult(answer)) add(t('notify.logOk', { label }));
        else {
          const vars = {
            label,
            sent: answer.sent ?? 0,
            failed: answer.failed ?? 0,
          };
          add(
            answer.success === false
              ? t('notify.logNotSent', vars)
              : t('notify.logSent', vars),
          );
        }
      } catch (error) {
        add(t('notify.logFailed', { label, detail: errorText(error) }));
      }
    },
    [add],
  );

  return { lines, add, clear, runServer };
}
