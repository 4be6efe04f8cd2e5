import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type {
  DisputeEntryDto,
  DisputeThreadDto,
  EvidenceFileDto,
} from '@machines/contract/dispute-api';
import {
  DISPUTE_MESSAGE_MAX_CHARS,
  DISPUTE_MESSAGE_MAX_FILES,
  EVIDENCE_MAX_BYTES,
  evidenceContentTypes,
} from '@machines/escrow/dispute-message';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextArea } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { toast } from '@/components/ui/toast-store';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/http';
import { currentLocale, formatMoney, t, type MessageKey } from '@/i18n';
import {
  downloadEvidence,
  useDisputeThread,
  usePostDisputeMessage,
  type ThreadTarget,
} from '@/features/disputes/api/dispute-thread';

const ACCEPT = evidenceContentTypes.join(',');

/** A file size as people read it: "48 kB", "2.4 MB" (in the app's locale). */
function formatSize(bytes: number): string {
  const [value, unit] =
    bytes >= 1_000_000
      ? [bytes / 1_000_000, 'megabyte']
      : [bytes / 1_000, 'kilobyte'];
  return new Intl.NumberFormat(currentLocale(), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(Math.max(value, 0.1));
}

/** What a file picked in the browser fails, as the server would refuse it (its bytes are checked there). */
function fileProblem(file: File): string | null {
  if (file.size > EVIDENCE_MAX_BYTES)
    return t('thread.fileTooLarge', { name: file.name });
  if (!(evidenceContentTypes as readonly string[]).includes(file.type))
    return t('thread.fileType', { name: file.name });
  return null;
}

/** One file of a message: a button that downloads it (the server sends it as an attachment). */
function EvidenceButton({
  target,
  file,
}: {
  target: ThreadTarget;
  file: EvidenceFileDto;
}) {
  const download = () =>
    downloadEvidence(target, file).catch((error: unknown) =>
      toast({
        title: t('thread.downloadError'),
        description: errorText(error),
        variant: 'destructive',
      }),
    );
  return (
    <li>
      <button
        type="button"
        onClick={() => void download()}
        aria-label={t('thread.download', {
          name: file.name,
          size: formatSize(file.sizeBytes),
        })}
        title={t('thread.download', {
          name: file.name,
          size: formatSize(file.sizeBytes),
        })}
        className="flex min-h-11 w-full min-w-0 items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm text-brand-700 hover:bg-slate-50"
        data-testid="evidence-file"
      >
        <Icon name="file" className="h-5 w-5" />
        <span className="min-w-0 flex-1 truncate">{file.name}</span>
        <span className="shrink-0 text-xs text-slate-600">
          {formatSize(file.sizeBytes)}
        </span>
      </button>
    </li>
  );
}

/** One entry: who wrote it (the reader's own side reads "You"), when, its text and its files. */
function Entry({
  entry,
  mine,
  target,
}: {
  entry: DisputeEntryDto;
  mine: boolean;
  target: ThreadTarget;
}) {
  const who = mine
    ? t('thread.you')
    : t(`thread.side.${entry.side}` as MessageKey);
  return (
    <li
      className={`min-w-0 space-y-2 rounded-xl border p-3 ${mine ? 'border-brand-100 bg-brand-50' : 'border-slate-200 bg-slate-50'}`}
      data-testid="dispute-entry"
      data-side={entry.side}
    >
      <p className="flex flex-wrap justify-between gap-x-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">
          {who}
          {entry.author ? ` · ${entry.author}` : ''}
        </span>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </p>
      {entry.opening && (
        <p className="text-xs font-semibold uppercase tracking-wide text-red-700">
          {t('thread.opening')}
        </p>
      )}
      <p className="whitespace-pre-wrap break-words text-sm text-slate-900">
        {entry.text}
      </p>
      {entry.files.length > 0 && (
        <ul className="space-y-1" aria-label={t('thread.files')}>
          {entry.files.map((f) => (
            <EvidenceButton key={f.sha256} target={target} file={f} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The picked files, each removable, and the picker itself (a label styled as a button). */
function FilePicker({
  files,
  onChange,
}: {
  files: File[];
  onChange: (files: File[]) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-2">
      {files.length > 0 && (
        <ul className="space-y-1">
          {files.map((f, i) => (
            <li
              key={`${f.name}-${i}`}
              className="flex min-w-0 items-center gap-2 text-sm"
            >
              <Icon name="file" />
              <span className="min-w-0 flex-1 truncate">
                {f.name} · {formatSize(f.size)}
              </span>
              <Button
                variant="ghost"
                aria-label={t('thread.removeFile', { name: f.name })}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <label
        htmlFor={id}
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 focus-within:outline focus-within:outline-2 focus-within:outline-brand-600 hover:bg-slate-50"
      >
        <Icon name="file" />
        {t('thread.addFiles')}
        <input
          id={id}
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          data-testid="dispute-files"
          onChange={(e) => {
            onChange([...files, ...Array.from(e.target.files ?? [])]);
            if (input.current) input.current.value = '';
          }}
        />
      </label>
      <p className="text-xs text-slate-600">
        {t('thread.filesHint', { max: DISPUTE_MESSAGE_MAX_FILES })}
      </p>
    </div>
  );
}

/** The reply form: a message (1-4,000 characters) and up to 5 files, checked before anything is sent. */
function ReplyForm({ target }: { target: ThreadTarget }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const post = usePostDisputeMessage(target);
  const check = (): string | null => {
    if (text.trim() === '') return t('thread.textRequired');
    if (text.length > DISPUTE_MESSAGE_MAX_CHARS)
      return t('thread.textTooLong', {
        max: DISPUTE_MESSAGE_MAX_CHARS.toLocaleString(currentLocale()),
      });
    if (files.length > DISPUTE_MESSAGE_MAX_FILES)
      return t('thread.tooManyFiles', { max: DISPUTE_MESSAGE_MAX_FILES });
    return files.map(fileProblem).find((p) => p !== null) ?? null;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check();
    setProblem(found);
    if (found) return;
    post.mutate(
      { text: text.trim(), files },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          toast({ title: t('thread.sent'), description: t('thread.sentText') });
        },
        onError: (error) =>
          toast({
            title: t('thread.sendError'),
            description: errorText(error),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-3"
      data-testid="dispute-form"
    >
      <TextArea
        label={t('thread.message')}
        value={text}
        rows={4}
        maxLength={DISPUTE_MESSAGE_MAX_CHARS}
        hint={t('thread.messageHint', {
          count: text.length.toLocaleString(currentLocale()),
          max: DISPUTE_MESSAGE_MAX_CHARS.toLocaleString(currentLocale()),
        })}
        error={problem}
        onChange={(e) => setText(e.target.value)}
        data-testid="dispute-message"
      />
      <FilePicker files={files} onChange={setFiles} />
      <Button
        type="submit"
        block
        disabled={post.isPending}
        data-testid="dispute-send"
      >
        {post.isPending ? t('thread.sending') : t('thread.send')}
      </Button>
    </form>
  );
}

/** When the dispute ends and what happens then, or that it is closed or held. */
function Ending({
  thread,
  amountCents,
}: {
  thread: DisputeThreadDto;
  amountCents?: number;
}) {
  if (!thread.open)
    return <p className="text-sm text-slate-600">{t('thread.closed')}</p>;
  if (thread.onHold)
    return <p className="text-sm text-amber-900">{t('thread.onHold')}</p>;
  if (!thread.endsAt) return null;
  const time = formatDateTime(thread.endsAt);
  return (
    <p
      className="rounded-lg bg-red-50 p-3 text-sm text-red-900"
      data-testid="dispute-ends"
    >
      {amountCents === undefined
        ? t('thread.endsAtNoAmount', { time })
        : t('thread.endsAt', { time, amount: formatMoney(amountCents) })}
    </p>
  );
}

/**
 * A dispute's conversation for one reader: the reason it was opened with, every message with its
 * evidence, when the period ends, and (while it is open, for brand, creator and admins) a reply form.
 * `refreshKey` changes when the page's own data was refreshed (a live update): the thread follows.
 */
export default function DisputeThread({
  target,
  refreshKey,
  amountCents,
}: {
  target: ThreadTarget;
  refreshKey?: number | string;
  amountCents?: number;
}) {
  const thread = useDisputeThread(target);
  const { refetch } = thread;
  useEffect(() => {
    if (refreshKey !== undefined) void refetch();
  }, [refreshKey, refetch]);
  const d = thread.data;
  return (
    <Card className="min-w-0 space-y-3" data-testid="dispute-thread">
      <h2 className="text-lg font-bold">{t('thread.title')}</h2>
      {!d ? (
        <p className="text-sm text-slate-600">
          {thread.isError ? t('thread.loadError') : t('thread.loading')}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t('thread.intro')}</p>
          <Ending
            thread={d}
            {...(amountCents === undefined ? {} : { amountCents })}
          />
          <ol className="space-y-2">
            {d.entries.map((e) => (
              <Entry
                key={e.id}
                entry={e}
                mine={d.side !== null && e.side === d.side}
                target={target}
              />
            ))}
          </ol>
          {d.canPost && <ReplyForm target={target} />}
          {d.open && d.side === null && (
            <p className="text-sm text-slate-600">{t('thread.auditor')}</p>
          )}
        </>
      )}
    </Card>
  );
}
