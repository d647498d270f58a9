import { useId, type ReactNode } from 'react';
import './auth.css';

export interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}

/** The one layout of the signed-out pages: a centred card with a heading. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  const titleId = useId();
  return (
    <section className="vt-auth" aria-labelledby={titleId}>
      <div className="vt-auth__card">
        <h1 id={titleId} className="vt-auth__title">
          {title}
        </h1>
        {subtitle ? <p className="vt-auth__subtitle">{subtitle}</p> : null}
        {children}
      </div>
    </section>
  );
}

/** A form-level error (a server answer), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="vt-auth__alert" role="alert">
      {message}
    </div>
  );
}
