import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@vitrine/core';
import { alertDialog, Button, confirm, loading, LogoLoader, notify, Skeleton, Spinner, type DialogTone, type NotificationType } from '@vitrine/ui';
import { Section, Specimen } from './specimen';

const NOTIFICATIONS = ['success', 'error', 'warning', 'info'] as const satisfies readonly NotificationType[];
const SPINNERS = ['sm', 'md', 'lg'] as const;
/** How long the overlay demo keeps the screen waiting (hide() adds its own half second). */
const OVERLAY_MS = 1500;

/** The dialogs of the shell's <DialogHost/>, opened the way every screen opens them. */
export function DialogsSection() {
  const { t } = useTranslation('playground');
  const [answer, setAnswer] = useState<string | null>(null);
  const tell = (key: 'alert' | 'success', tone: DialogTone) =>
    void alertDialog({ title: t(`dialogs.${key}Title`), message: t(`dialogs.${key}Text`), okText: t('dialogs.ok'), tone });
  const ask = (key: 'confirm' | 'danger', tone: DialogTone, okText: string) =>
    void confirm({ title: t(`dialogs.${key}Title`), message: t(`dialogs.${key}Text`), okText, cancelText: t('dialogs.cancel'), tone }).then((ok) =>
      setAnswer(t('dialogs.answered', { answer: ok ? t('dialogs.answerOk') : t('dialogs.answerCancel') })),
    );
  return (
    <Section id="dialogs">
      <Specimen name='alertDialog({ tone: "warning" })' state="default" caption={t('dialogs.alertCaption')}>
        <Button variant="secondary" onClick={() => tell('alert', 'warning')}>
          {t('dialogs.alert')}
        </Button>
      </Specimen>
      <Specimen name='alertDialog({ tone: "success" })' state="success" caption={t('dialogs.successCaption')}>
        <Button variant="secondary" onClick={() => tell('success', 'success')}>
          {t('dialogs.success')}
        </Button>
      </Specimen>
      <Specimen name="confirm()" state="default" caption={t('dialogs.confirmCaption')}>
        <Button variant="secondary" onClick={() => ask('confirm', 'default', t('dialogs.yes'))}>
          {t('dialogs.confirm')}
        </Button>
      </Specimen>
      <Specimen name='confirm({ tone: "danger" })' state="error" caption={t('dialogs.dangerCaption')}>
        <Button variant="danger" onClick={() => ask('danger', 'danger', t('dialogs.delete'))}>
          {t('dialogs.danger')}
        </Button>
      </Specimen>
      <p className="vt-pg__answer" aria-live="polite">
        {answer}
      </p>
    </Section>
  );
}

export function NotificationsSection() {
  const { t } = useTranslation('playground');
  return (
    <Section id="notifications">
      <Specimen name="notify.success | error | warning | info(text, { timeout })" state="live" caption={t('notifications.caption')} wide>
        <div className="vt-pg__row">
          {NOTIFICATIONS.map((type) => (
            <Button key={type} variant="secondary" onClick={() => notify[type](t(`notifications.messages.${type}`))}>
              {t(`notifications.${type}`)}
            </Button>
          ))}
          <Button variant="ghost" onClick={() => notify.info(t('notifications.stickyText'), { timeout: 0 })}>
            {t('notifications.sticky')}
          </Button>
          <Button variant="link" onClick={() => notify.clear()}>
            {t('notifications.clear')}
          </Button>
        </div>
      </Specimen>
    </Section>
  );
}

/** Shows the shell's loading overlay for a moment; never leaves it on should the page go away first. */
function OverlayButton() {
  const { t } = useTranslation('playground');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current === null) return;
      clearTimeout(timer.current);
      loading.hide();
    },
    [],
  );
  const show = () => {
    if (timer.current !== null) return;
    loading.show();
    timer.current = setTimeout(() => {
      timer.current = null;
      loading.hide();
    }, OVERLAY_MS);
  };
  return (
    <Button variant="secondary" onClick={show}>
      {t('loading.overlay')}
    </Button>
  );
}

export function LoadingSection() {
  const { t } = useTranslation('playground');
  const [bar, setBar] = useState(false);
  return (
    <Section id="loading">
      <Specimen name='<Spinner size="sm | md | lg">' state="loading" caption={t('loading.spinnerCaption')}>
        <div className="vt-pg__row">
          {SPINNERS.map((size) => (
            <Spinner key={size} size={size} />
          ))}
        </div>
      </Specimen>
      <Specimen name="<Spinner label>" state="loading" caption={t('loading.labelCaption')}>
        <Spinner label={t('loading.label')} />
      </Specimen>
      <Specimen name="<LogoLoader active>" state="live" caption={t('loading.barCaption')}>
        <Button variant="secondary" aria-pressed={bar} onClick={() => setBar((on) => !on)}>
          {t('loading.bar')}
        </Button>
        <LogoLoader active={bar} />
      </Specimen>
      <Specimen name="loading.show() · loading.hide()" state="live" caption={t('loading.overlayCaption')}>
        <OverlayButton />
      </Specimen>
    </Section>
  );
}

export function SkeletonSection() {
  const { t } = useTranslation('playground');
  const [loaded, setLoaded] = useState(false);
  return (
    <Section id="skeleton">
      <Specimen name="<Skeleton />" state="loading" caption={t('skeleton.lineCaption')}>
        <Skeleton />
      </Specimen>
      <Specimen name="<Skeleton lines={3} />" state="loading" caption={t('skeleton.linesCaption')}>
        <Skeleton lines={3} />
      </Specimen>
      <Specimen name="<Skeleton circle height={48} />" state="loading" caption={t('skeleton.circleCaption')}>
        <Skeleton circle height={48} />
      </Specimen>
      <Specimen name="<Skeleton> → content" state="live" caption={t('skeleton.liveCaption')}>
        <Button variant="secondary" size="sm" aria-pressed={loaded} onClick={() => setLoaded((on) => !on)}>
          {t('skeleton.toggle')}
        </Button>
        <div className="vt-pg__person" aria-busy={!loaded}>
          {loaded ? (
            <>
              <span className="vt-pg__avatar" aria-hidden="true">
                AS
              </span>
              <p>
                <strong>Ana Souza</strong>
                <br />
                {t('skeleton.person')}
              </p>
            </>
          ) : (
            <>
              <Skeleton circle height={48} />
              <Skeleton lines={2} />
            </>
          )}
        </div>
      </Specimen>
    </Section>
  );
}
