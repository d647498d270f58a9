import { ContactForm } from './contact-form';
import { ContactInfo } from './contact-info';
import { ReplyPromise } from './reply-promise';
import '../../components/page.css';
import './contact.css';
import { usePageTexts } from '../../texts';

/** Contact: the form, and beside it (below it on a phone) the company's contact details. */
export function ContactPage() {
  const { t } = usePageTexts();
  return (
    <div className="vt-page vt-contact">
      <header className="vt-page__head">
        <h1>{t('contact.title')}</h1>
        <p>{t('contact.text')}</p>
        <ReplyPromise className="vt-contact__promise" />
      </header>
      <div className="vt-contact__layout">
        <div className="vt-contact__card">
          <ContactForm />
        </div>
        <ContactInfo />
      </div>
    </div>
  );
}
