import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { toast } from '@/components/ui/toast-store';
import { t } from '@/i18n';

const copyFailed = () =>
  toast({ title: t('toast.copyError'), variant: 'destructive' });

/** Shares through the phone's share sheet where there is one, else copies. */
async function share(link: string, title: string) {
  if (navigator.share)
    await navigator.share({ url: link, title }).catch(() => undefined);
  else await navigator.clipboard.writeText(link).catch(copyFailed);
}

/** The creator link right after payment, to copy or share. */
export function SuccessShareCard({
  link,
  title,
}: {
  link: string | null;
  title: string;
}) {
  return (
    <Card className="border-brand-100 bg-brand-50">
      <h2 className="font-semibold">{t('success.shareTitle')}</h2>
      <p className="mb-3 text-sm text-slate-600">{t('success.shareText')}</p>
      {link ? (
        <>
          <p
            data-testid="share-link"
            className="mb-3 break-all rounded-lg bg-white p-3 font-mono text-xs"
          >
            {link}
          </p>
          <div className="flex gap-2">
            <CopyButton
              text={link}
              label={t('success.copy')}
              copiedLabel={t('share.copied')}
              className="flex-1"
              onError={copyFailed}
            />
            <Button className="flex-1" onClick={() => void share(link, title)}>
              {t('success.share')}
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-600">{t('success.generating')}</p>
      )}
    </Card>
  );
}
