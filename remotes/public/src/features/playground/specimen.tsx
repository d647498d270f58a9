import type { ReactNode } from 'react';
import { useTranslation } from '@vitrine/core';

/** The playground's sections, in page order (their texts under playground:<id>.title / .text). */
export const SECTIONS = ['buttons', 'fields', 'notices', 'password', 'dialogs', 'notifications', 'loading', 'skeleton', 'logo', 'language', 'newsletter'] as const;
export type SectionId = (typeof SECTIONS)[number];

export type State = 'default' | 'focus' | 'error' | 'disabled' | 'loading' | 'success' | 'live';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** A titled section of the playground, a target of the table of contents. */
export function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const { t } = useTranslation('playground');
  return (
    <section id={`pg-${id}`} className="vt-pg__section" aria-labelledby={`pg-${id}-title`}>
      <h2 id={`pg-${id}-title`}>{t(`${id}.title`)}</h2>
      <p className="vt-pg__lead">{t(`${id}.text`)}</p>
      <div className="vt-pg__grid">{children}</div>
    </section>
  );
}

export interface SpecimenProps {
  /** The component as code reads it, e.g. `<Button variant="danger">`. */
  name: string;
  state: State;
  caption: string;
  /** On the brand's dark background (light variants). */
  dark?: boolean;
  /** The whole row (forms, wide blocks). */
  wide?: boolean;
  children: ReactNode;
}

/** One component in one state: the live component on its stage, then its name, its state and a caption. */
export function Specimen({ name, state, caption, dark, wide, children }: SpecimenProps) {
  const { t } = useTranslation('playground');
  return (
    <figure className={classes('vt-pg__specimen', wide && 'vt-pg__specimen--wide')}>
      <div className={classes('vt-pg__stage', dark && 'vt-pg__stage--dark')}>{children}</div>
      <figcaption>
        <span className="vt-pg__meta">
          <code>{name}</code>
          <span className={`vt-pg__state vt-pg__state--${state}`}>{t(`states.${state}`)}</span>
        </span>
        {caption}
      </figcaption>
    </figure>
  );
}

/** A labelled checkbox that switches a specimen's state. */
export function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="vt-pg__toggle">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
