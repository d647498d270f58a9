import { useState } from 'react';
import { useTranslation, type Locale } from '@vitrine/core';
import { LanguageSwitcher, Logo, LogoMark } from '@vitrine/ui';
import { NewsletterSignup } from '../../components/newsletter-signup';
import { DialogsSection, LoadingSection, NotificationsSection, SkeletonSection } from './feedback-sections';
import { ButtonsSection, FieldsSection, NoticesSection, PasswordSection } from './form-sections';
import { Section, SECTIONS, Specimen } from './specimen';
import '../../components/page.css';
import './playground.css';

function LogoSection() {
  const { t } = useTranslation('playground');
  return (
    <Section id="logo">
      <Specimen name="<Logo />" state="default" caption={t('logo.darkCaption')}>
        <Logo />
      </Specimen>
      <Specimen name='<Logo variant="light" />' state="default" caption={t('logo.lightCaption')} dark>
        <Logo variant="light" />
      </Specimen>
      <Specimen name="<Logo compact />" state="default" caption={t('logo.compactCaption')}>
        <Logo compact />
      </Specimen>
      <Specimen name="<Logo size={48} />" state="default" caption={t('logo.sizeCaption')}>
        <Logo size={48} />
      </Specimen>
      <Specimen name="<LogoMark />" state="default" caption={t('logo.markCaption')}>
        <LogoMark size={40} />
      </Specimen>
    </Section>
  );
}

function LanguageSection() {
  const { t, i18n } = useTranslation('playground');
  // This example keeps its own value: the header's switcher is the one that changes the site's language.
  const [value, setValue] = useState<Locale>(i18n.language as Locale);
  return (
    <Section id="language">
      <Specimen name="<LanguageSwitcher value onChange showLabel />" state="live" caption={t('language.caption')}>
        <LanguageSwitcher value={value} onChange={setValue} label={t('language.label')} showLabel />
        <p className="vt-pg__answer" aria-live="polite">
          {t('language.chosen', { value })}
        </p>
      </Specimen>
      <Specimen name="<LanguageSwitcher value onChange />" state="default" caption={t('language.hiddenCaption')}>
        <LanguageSwitcher value={value} onChange={setValue} />
      </Specimen>
    </Section>
  );
}

function NewsletterSection() {
  const { t } = useTranslation('playground');
  return (
    <Section id="newsletter">
      <Specimen name="<NewsletterSignup />" state="live" caption={t('newsletter.caption')} wide>
        <NewsletterSignup />
      </Specimen>
    </Section>
  );
}

/**
 * The playground (main layout): the shared UI components (@vitrine/ui) and the public remote's own
 * form pieces, each in its states, live. A working page for developers and designers: its own chunk and
 * texts, never indexed.
 */
export function PlaygroundPage() {
  const { t } = useTranslation('playground');
  return (
    <div className="vt-page vt-pg" data-testid="playground-page">
      <header className="vt-page__head">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <p className="vt-pg__focus-note">{t('focus')}</p>
      </header>
      <nav className="vt-pg__toc" aria-labelledby="pg-toc">
        <h2 id="pg-toc">{t('contents')}</h2>
        <ol>
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#pg-${id}`}>{t(`${id}.title`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      <ButtonsSection />
      <FieldsSection />
      <NoticesSection />
      <PasswordSection />
      <DialogsSection />
      <NotificationsSection />
      <LoadingSection />
      <SkeletonSection />
      <LogoSection />
      <LanguageSection />
      <NewsletterSection />
    </div>
  );
}
