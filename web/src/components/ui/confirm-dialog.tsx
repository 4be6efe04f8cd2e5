import { Modal } from './modal';
import { Button } from './button';
import { t } from '../../i18n';

/** A confirmation prompt with the spec's exact question (docs/product.md §8). */
export function ConfirmDialog({ open, text, onConfirm, onCancel, danger = false }: { open: boolean; text: string; onConfirm: () => void; onCancel: () => void; danger?: boolean }) {
  return (
    <Modal open={open} onClose={onCancel} title={t('confirm.title')} description={text}>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
          {t('confirm.ok')}
        </Button>
      </div>
    </Modal>
  );
}
