import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldParts {
  label: ReactNode;
  /** Error text; marks the control invalid and is announced with it. */
  error?: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Extra ids for aria-describedby (e.g. a PasswordChecklist). */
  describedBy?: string;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>, FieldParts {
  /** Element after the input inside the field (e.g. a show-password button). */
  addon?: ReactNode;
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldParts {}

/** The control's wiring to its label, hint and error: its id, aria-invalid and aria-describedby. */
interface ControlProps {
  id: string;
  required: boolean | undefined;
  className: 'vt-input';
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Label, control, hint and error of one field; `control` renders the input or textarea with the wiring. */
function Field({ label, error, hint, describedBy, id, className, required, control }: FieldParts & { id: string | undefined; className?: string | undefined; required?: boolean | undefined; control: (props: ControlProps) => ReactNode }) {
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
      {control({ id: inputId, required, className: 'vt-input', 'aria-invalid': error ? true : undefined, 'aria-describedby': describedByIds })}
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

/** A labelled input with hint and error wired through aria-describedby / aria-invalid. */
export function TextField({ label, error, hint, describedBy, addon, id, className, required, ...input }: TextFieldProps) {
  return (
    <Field
      {...{ label, error, hint, describedBy, id, className, required }}
      control={(wiring) => (
        <div className="vt-field__control">
          <input {...input} {...wiring} />
          {addon}
        </div>
      )}
    />
  );
}

/** TextField's multi-line twin: the same label, hint and error around a textarea. */
export function TextAreaField({ label, error, hint, describedBy, id, className, required, ...textarea }: TextAreaFieldProps) {
  return <Field {...{ label, error, hint, describedBy, id, className, required }} control={(wiring) => <textarea {...textarea} {...wiring} />} />;
}
