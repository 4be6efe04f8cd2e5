import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n';

const NOTICE_MS = 4_000;

/** docs/product.md §2: the Google button only shows a "soon available" notice for 4 s. */
export function GoogleButton() {
  const [notice, setNotice] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        block
        onClick={() => {
          setNotice(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setNotice(false), NOTICE_MS);
        }}
      >
        <span aria-hidden="true" className="font-bold text-blue-600">
          G
        </span>{' '}
        {t('login.google')}
      </Button>
      {notice && (
        <p
          role="status"
          className="rounded-lg bg-sky-50 p-2 text-center text-sm text-sky-800"
        >
          {t('login.googleSoon')}
        </p>
      )}
    </div>
  );
}
