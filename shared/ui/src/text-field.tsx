import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  /** Error text; marks the input invalid and is announced with it. */
  error?: ReactNode;
  /** Help text under the input. */
  hint?: ReactNode;
  /** Extra ids for aria-describedby (e.g. a PasswordChecklist). */
  describedBy?: string;
  /** Element after the input inside the field (e.g. a show-password button). */
  addon?: ReactNode;
}

/** A labelled input with hint and error wired through aria-describedby / aria-invalid. */
export function TextField({ label, error, hint, describedBy, addon, id, className, required, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedByIds = [hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['vt-field', error ? 'vt-field--invalid' : null, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className="vt-field__label">
        {label}
        {required ? <span className="vt-field__required" aria-hidden="true"> *</span> : null}
      </label>
      <div className="vt-field__control">
        <input
          {...input}
          id={inputId}
          required={required}
          className="vt-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
        />
        {addon}
      </div>
      {hint ? (
        <p id={hintId} className="vt-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="vt-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
