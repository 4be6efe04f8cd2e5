import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { t } from '@/i18n';

export const inputClass =
  'block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500';

interface Wrap {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /**
   * A field the form needs: the label shows "required" and the control says so to assistive
   * technology (aria-required), without the browser's own validation bubble.
   */
  mandatory?: boolean;
}

function Frame({
  id,
  label,
  error,
  hint,
  mandatory,
  children,
}: Wrap & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {mandatory && (
          // The control's aria-required says it to screen readers; the word is for the eye.
          <span aria-hidden="true" className="ml-1 font-normal text-red-700">
            ({t('field.required')})
          </span>
        )}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  mandatory,
  ...rest
}: Wrap & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Frame
      id={id}
      label={label}
      error={error}
      hint={hint}
      mandatory={mandatory}
    >
      <input
        id={id}
        aria-required={mandatory || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
        {...rest}
      />
    </Frame>
  );
}

export function TextArea({
  label,
  error,
  hint,
  mandatory,
  ...rest
}: Wrap & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Frame
      id={id}
      label={label}
      error={error}
      hint={hint}
      mandatory={mandatory}
    >
      <textarea
        id={id}
        aria-required={mandatory || undefined}
        aria-invalid={error ? true : undefined}
        className={inputClass}
        {...rest}
      />
    </Frame>
  );
}

export function SelectField({
  label,
  error,
  hint,
  children,
  ...rest
}: Wrap & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <select id={id} className={inputClass} {...rest}>
        {children}
      </select>
    </Frame>
  );
}
