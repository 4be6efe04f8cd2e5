import { Link } from '@/lib/router';
import { buttonClass } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { t } from '@/i18n';
import type { DocumentKind } from '@/features/documents/model/document-source';

/** The "Receipt", "Statement", "Invoice" (or credit note, self-billed invoice) action that opens a document page: a button, or a compact text link on cards. */
export function DocumentLink({
  to,
  kind,
  compact = false,
}: {
  to: string;
  kind: DocumentKind;
  compact?: boolean;
}) {
  return (
    <Link
      to={to}
      className={
        compact
          ? 'inline-flex items-center gap-1 text-sm font-medium text-brand-600'
          : buttonClass('secondary', true)
      }
    >
      <Icon name="file" className="h-4 w-4" />
      {t(`doc.${kind}`)}
    </Link>
  );
}
