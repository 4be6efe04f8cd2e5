import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/dates';
import { t } from '@/i18n';
import { useTestMail } from '@/features/admin/api/admin-test-mail.query';

/** Test mode without SMTP: the mail kept on the server, each opening on its own keyed page. */
export function TestMailSection() {
  const mail = useTestMail();
  const list = mail.data?.mails ?? [];
  return (
    <section aria-label={t('admin.tab.mail')}>
      <p className="mb-3 text-sm text-slate-600">{t('admin.mailIntro')}</p>
      {mail.isPending && <Spinner />}
      {mail.isError && (
        <p className="text-sm text-red-700">{t('admin.mailFetchFailed')}</p>
      )}
      <ul className="space-y-2">
        {mail.isSuccess && list.length === 0 && (
          <li className="text-sm text-slate-500">{t('admin.mailEmpty')}</li>
        )}
        {list.map((m) => (
          <li
            key={m.name}
            data-testid="test-mail"
            className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm"
          >
            <a
              href={m.url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline"
            >
              {m.subject}
            </a>
            <span className="block text-slate-500">
              {m.to} · {formatDate(m.date)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
