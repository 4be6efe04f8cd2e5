import { Modal } from './modal';
import { Button } from './button';
import { TextArea } from './field';
import { t } from '@/i18n';

/** A confirmation prompt with the spec's exact question (docs/product.md §8), optionally with a text box. */
export function ConfirmDialog({
  open,
  text,
  onConfirm,
  onCancel,
  danger = false,
  input,
}: {
  open: boolean;
  text: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
  input?:
    | { label: string; value: string; onChange: (value: string) => void }
    | undefined;
}) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={t('confirm.title')}
      description={text}
    >
      {input && (
        <div className="mb-4">
          <TextArea
            label={input.label}
            value={input.value}
            maxLength={1_000}
            rows={3}
            onChange={(e) => input.onChange(e.target.value)}
          />
        </div>
      )}
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
