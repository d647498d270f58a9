import { useEffect, useRef, useState } from 'react';
import { loadTexts, useTranslation } from '@vitrine/core';
import { Button, PasswordChecklist, Skeleton, TextAreaField, TextField, type ButtonProps } from '@vitrine/ui';
import { Notice, type NoticeProps } from '../../components/notice';
import { Section, Specimen, Toggle } from './specimen';

const VARIANTS = ['primary', 'secondary', 'ghost', 'danger', 'link'] as const satisfies readonly NonNullable<ButtonProps['variant']>[];
const TONES = ['success', 'info', 'warning', 'error'] as const satisfies readonly NoticeProps['tone'][];
const NAME_MAX = 60;

/** A button that "saves" for a second and a half, then says so: loading, then success. */
function SaveButton() {
  const { t } = useTranslation('playground');
  const [phase, setPhase] = useState<'idle' | 'saving' | 'saved'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const save = () => {
    setPhase('saving');
    timer.current = setTimeout(() => setPhase('saved'), 1500);
  };
  return (
    <div className="vt-pg__row">
      <Button loading={phase === 'saving'} onClick={save}>
        {phase === 'saving' ? t('buttons.saving') : t('buttons.save')}
      </Button>
      <span className="vt-text-positive" aria-live="polite">
        {phase === 'saved' ? t('buttons.saved') : null}
      </span>
    </div>
  );
}

export function ButtonsSection() {
  const { t } = useTranslation('playground');
  return (
    <Section id="buttons">
      <Specimen name='<Button variant="primary | secondary | ghost | danger | link">' state="default" caption={t('buttons.variantsCaption')} wide>
        <div className="vt-pg__row">
          {VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {t(`buttons.variants.${variant}`)}
            </Button>
          ))}
        </div>
      </Specimen>
      <Specimen name='<Link className="vt-btn vt-btn--accent">' state="default" caption={t('buttons.accentCaption')}>
        <a className="vt-btn vt-btn--accent" href="#pg-buttons">
          {t('buttons.accent')}
        </a>
      </Specimen>
      <Specimen name='<Button size="sm | md | lg" block>' state="default" caption={t('buttons.sizesCaption')}>
        <div className="vt-pg__row">
          <Button size="sm">{t('buttons.sizes.sm')}</Button>
          <Button>{t('buttons.sizes.md')}</Button>
          <Button size="lg">{t('buttons.sizes.lg')}</Button>
        </div>
        <Button variant="secondary" block>
          {t('buttons.sizes.block')}
        </Button>
      </Specimen>
      <Specimen name="<Button> :focus-visible" state="focus" caption={t('buttons.focusCaption')}>
        <div className="vt-pg__row">
          <Button className="vt-pg__focused" tabIndex={-1}>
            {t('buttons.variants.primary')}
          </Button>
          <Button variant="secondary" className="vt-pg__focused" tabIndex={-1}>
            {t('buttons.variants.secondary')}
          </Button>
        </div>
      </Specimen>
      <Specimen name="<Button disabled>" state="disabled" caption={t('buttons.disabledCaption')}>
        <div className="vt-pg__row">
          <Button disabled>{t('buttons.variants.primary')}</Button>
          <Button variant="secondary" disabled>
            {t('buttons.variants.secondary')}
          </Button>
          <Button variant="danger" disabled>
            {t('buttons.variants.danger')}
          </Button>
        </div>
      </Specimen>
      <Specimen name="<Button loading>" state="loading" caption={t('buttons.loadingCaption')}>
        <div className="vt-pg__row">
          <Button loading>{t('buttons.saving')}</Button>
          <Button variant="secondary" loading>
            {t('buttons.saving')}
          </Button>
        </div>
      </Specimen>
      <Specimen name="<Button loading={saving}>" state="live" caption={t('buttons.liveCaption')}>
        <SaveButton />
      </Specimen>
    </Section>
  );
}

export function FieldsSection() {
  const { t } = useTranslation('playground');
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [showError, setShowError] = useState(false);
  const [disabled, setDisabled] = useState(false);
  return (
    <Section id="fields">
      <Specimen name="<TextField> · <TextAreaField>" state="live" caption={t('fields.liveCaption')} wide>
        <div className="vt-pg__row">
          <Toggle label={t('fields.showError')} checked={showError} onChange={setShowError} />
          <Toggle label={t('fields.disable')} checked={disabled} onChange={setDisabled} />
        </div>
        <TextField
          id="pg-field-name"
          label={t('fields.name')}
          required
          maxLength={NAME_MAX}
          value={name}
          disabled={disabled}
          hint={t('fields.nameHint', { count: name.length, max: NAME_MAX })}
          error={showError ? t('fields.nameError') : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <TextAreaField
          id="pg-field-message"
          label={t('fields.message')}
          required
          rows={3}
          value={message}
          disabled={disabled}
          error={showError ? t('fields.messageError') : undefined}
          onChange={(event) => setMessage(event.target.value)}
        />
      </Specimen>
      <Specimen name="<TextField placeholder>" state="default" caption={t('fields.defaultCaption')}>
        <TextField label={t('fields.email')} type="email" placeholder={t('fields.placeholder')} />
      </Specimen>
      <Specimen name="<TextField hint>" state="default" caption={t('fields.hintCaption')}>
        <TextField label={t('fields.email')} type="email" hint={t('fields.hint')} />
      </Specimen>
      <Specimen name="<TextField error>" state="error" caption={t('fields.errorCaption')}>
        <TextField label={t('fields.email')} type="email" defaultValue="ana@empresa" error={t('fields.invalid')} />
      </Specimen>
      <Specimen name="<TextField disabled>" state="disabled" caption={t('fields.disabledCaption')}>
        <TextField label={t('fields.email')} type="email" defaultValue="ana@empresa.com.br" disabled />
      </Specimen>
      <Specimen name="<TextField value>" state="success" caption={t('fields.successCaption')}>
        <TextField label={t('fields.email')} type="email" defaultValue="ana@empresa.com.br" />
      </Specimen>
    </Section>
  );
}

export function NoticesSection() {
  const { t } = useTranslation('playground');
  return (
    <Section id="notices">
      {TONES.map((tone) => (
        <Specimen key={tone} name={`<Notice tone="${tone}">`} state={tone === 'error' ? 'error' : tone === 'success' ? 'success' : 'default'} caption={t(`notices.${tone}Caption`)}>
          <Notice tone={tone}>{t(`notices.${tone}`)}</Notice>
        </Specimen>
      ))}
    </Section>
  );
}

/**
 * The checklist reads the shell's `errors` texts, which public pages fetch only with the API client (never
 * on the server): it appears once they are here, so the server's HTML and hydration agree and it speaks the
 * page's language.
 */
function useErrorTexts(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    loadTexts(['errors']).then(
      () => live && setReady(true),
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

export function PasswordSection() {
  const { t } = useTranslation('playground');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [visible, setVisible] = useState(false);
  const ready = useErrorTexts();
  const type = visible ? 'text' : 'password';
  return (
    <Section id="password">
      <Specimen name="<PasswordChecklist password confirm>" state="live" caption={t('password.caption')} wide>
        <div className="vt-pg__pair">
          <div>
            <TextField
              id="pg-field-password"
              label={t('password.password')}
              type={type}
              autoComplete="new-password"
              value={password}
              describedBy="pg-field-checklist"
              onChange={(event) => setPassword(event.target.value)}
              addon={
                <Button variant="ghost" size="sm" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
                  {visible ? t('password.hide') : t('password.show')}
                </Button>
              }
            />
            <TextField id="pg-field-confirm" label={t('password.confirm')} type={type} autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} />
          </div>
          <div id="pg-field-checklist">{ready ? <PasswordChecklist password={password} confirm={confirm} /> : <Skeleton lines={7} height={18} />}</div>
        </div>
      </Specimen>
    </Section>
  );
}
