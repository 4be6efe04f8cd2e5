import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { t } from '@/i18n';
import {
  useImproveDescription,
  type ImproveInput,
} from '@/features/deals/api/improve-description.mutation';
import { Icon } from '@/components/ui/icon';

const MIN_ROWS = 3;
const MAX_ROWS = 8;

/** The AI-improve helper: a suggestion in a 3-8-row text area the brand can adopt (docs/product.md §2). */
export function AiImprove({
  input,
  onUse,
}: {
  input: ImproveInput;
  onUse: (text: string) => void;
}) {
  const improve = useImproveDescription();
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const id = useId();

  const run = () => {
    if (input.description.trim() === '') {
      toast({
        title: t('toast.noDescription'),
        description: t('toast.noDescriptionText'),
        variant: 'destructive',
      });
      return;
    }
    improve.mutate(input, {
      onSuccess: (answer) => setSuggestion(answer.improved_description),
      onError: () =>
        toast({
          title: t('toast.aiError'),
          description: t('toast.aiErrorText'),
          variant: 'destructive',
        }),
    });
  };

  const rows = Math.min(
    MAX_ROWS,
    Math.max(MIN_ROWS, (suggestion ?? '').split('\n').length),
  );
  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={run} disabled={improve.isPending}>
        <Icon name="sparkle" className="h-4 w-4" />{' '}
        {improve.isPending ? t('create.improving') : t('create.improve')}
      </Button>
      {suggestion !== null && (
        <div className="space-y-2 rounded-lg bg-brand-50 p-3">
          <label htmlFor={id} className="block text-sm font-medium">
            {t('create.improved')}
          </label>
          <textarea
            id={id}
            rows={rows}
            value={suggestion}
            onChange={(e) => setSuggestion(e.target.value)}
            className={inputClass}
          />
          <Button
            onClick={() => {
              onUse(suggestion);
              setSuggestion(null);
            }}
          >
            {t('create.useImproved')}
          </Button>
        </div>
      )}
    </div>
  );
}
