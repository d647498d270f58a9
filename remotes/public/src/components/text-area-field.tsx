import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  /** Error text; marks the textarea invalid and is announced with it. */
  error?: ReactNode;
  /** Help text under the textarea. */
  hint?: ReactNode;
}

/** TextField's markup (label, hint, aria-invalid, aria-describedby, the error) around a textarea. */
export function TextAreaField({ label, error, hint, id, required, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={['vt-field', error ? 'vt-field--invalid' : null].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className="vt-field__label">
        {label}
        {required ? <span className="vt-field__required" aria-hidden="true"> *</span> : null}
      </label>
      <textarea
        {...textarea}
        id={inputId}
        required={required}
        className="vt-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      />
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
