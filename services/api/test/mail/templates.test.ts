import { LOCALE_CODES, type Locale } from '@vitrine/contracts';
import { formatDateTime, formatLongDate, formatWeek, isoWeekDays } from '../../src/mail/format';
import {
  DIGEST_UNSUBSCRIBE_PLACEHOLDER,
  digestMail,
  digestTestSubject,
  emailChangedMail,
  newMessageMail,
  recoveryMail,
  replyMail,
  subscriptionConfirmationMail,
  verificationCodeMail,
  type DigestMail,
} from '../../src/mail/templates';
import { MAIL_TEXTS, fill } from '../../src/mail/texts';
import type { MailMessage } from '../../src/mail/mailer';

const LINK = 'https://vitrine.test/reset-password/7/abc_DEF-123';
const MESSAGE = {
  name: 'Joana Lima',
  email: 'joana@cliente.com.br',
  company: 'Lima & Filhos',
  telephone: '(11) 98765-4321',
  subject: 'Orçamento de site',
  body: 'Olá!\nGostaria de um orçamento <já>.',
  created_at: new Date('2026-11-23T17:30:00Z'),
};
const CHANGE = { from: 'ana@vitrine.test', to: 'ana.souza@outro.test', at: new Date('2026-11-23T17:30:00Z'), by: 'Marta <Gestora>' };
const ITEMS = [
  { title: 'Primeiro <artigo>', excerpt: 'Resumo', url: 'https://vitrine.test/post/a/1', image: null, published: new Date('2026-11-24T12:00:00Z') },
  { title: 'Segundo', excerpt: 'Outro', url: 'https://vitrine.test/post/b/2', image: 'https://vitrine.test/uploads/b-640.webp', published: new Date('2026-11-25T12:00:00Z') },
];

/** Every mail of one language, with the inputs above. */
function everyMail(locale: Locale) {
  return {
    recovery: recoveryMail(locale, 'ana@vitrine.test', 'Ana', LINK),
    verificationCode: verificationCodeMail(locale, 'ana@vitrine.test', 'Ana', '123456', 15),
    newMessage: newMessageMail(locale, 'ana@vitrine.test', 'Ana', MESSAGE, LINK),
    reply: replyMail(locale, MESSAGE, 'Segue o orçamento.', 'Ana Souza'),
    subscription: subscriptionConfirmationMail(locale, 'joana@cliente.com.br', '', LINK, 7),
    digest: digestMail(locale, { name: 'Vitrine', url: 'https://vitrine.test' }, ITEMS, '2026-W48'),
    emailChanged: emailChangedMail(locale, 'Ana', CHANGE),
  };
}

describe.each(LOCALE_CODES)('the mails in %s', (locale) => {
  const t = MAIL_TEXTS[locale];
  const mails = everyMail(locale);

  it('say their language in the HTML and leave no placeholder unfilled', () => {
    for (const [name, mail] of Object.entries(mails)) {
      expect([name, mail.html.match(/<html lang="([^"]+)"/)?.[1]]).toEqual([name, locale]);
      for (const part of [mail.subject, mail.text, mail.html]) expect([name, part.includes('{{')]).toEqual([name, false]);
    }
  });

  it('recovery: subject, greeting, the link whole on its own line, the team', () => {
    const mail = mails.recovery as MailMessage;
    expect(mail.subject).toBe(t.recovery.subject);
    expect(mail.text).toContain(fill(t.common.hello, { name: 'Ana' }));
    expect(mail.text).toContain(t.recovery.intro);
    expect(mail.text.split('\n')).toContain(fill(t.recovery.linkText, { link: LINK }));
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([LINK]);
    expect(mail.text.endsWith(t.common.team)).toBe(true);
    expect(mail.html).toContain(`href="${LINK}"`);
  });

  it('verification code: the code after a colon (what the browser tests read) and the minutes', () => {
    const mail = mails.verificationCode as MailMessage;
    expect(mail.subject).toBe(t.verificationCode.subject);
    expect(/:\s*(\d{6})\b/.exec(mail.text)?.[1]).toBe('123456');
    expect(mail.text).toContain(fill(t.verificationCode.validity, { minutes: '15' }));
    expect(mail.html).toContain('>123456</strong>');
  });

  it('new message: the visitor’s subject in the subject line, their words escaped in the HTML', () => {
    const mail = mails.newMessage as MailMessage;
    expect(mail.subject).toBe(fill(t.newMessage.subject, { subject: 'Orçamento de site' }));
    expect(mail.text).toContain('Joana Lima <joana@cliente.com.br> (Lima & Filhos, (11) 98765-4321)');
    expect(mail.text).toContain(`${t.newMessage.subjectLabel} Orçamento de site`);
    expect(mail.html).toContain('<strong>Joana Lima &#60;joana@cliente.com.br&#62;</strong> (Lima &#38; Filhos');
    expect(mail.html).toContain('Gostaria de um orçamento &#60;já&#62;.');
  });

  it('reply: Re: subject, the signature and the quote header with the date in the language', () => {
    const mail = mails.reply as MailMessage;
    expect(mail.subject).toBe('Re: Orçamento de site');
    expect(mail.to).toBe('joana@cliente.com.br');
    expect(mail.text).toContain(fill(t.reply.quoted, { date: formatDateTime(locale, MESSAGE.created_at), name: 'Joana Lima' }));
    expect(mail.text).toContain('> Gostaria de um orçamento <já>.');
  });

  it('email changed: to the old address, old → new, when (in the language) and by whom, escaped in the HTML', () => {
    const mail = mails.emailChanged as MailMessage;
    expect(mail.to).toBe('ana@vitrine.test');
    expect(mail.subject).toBe(t.emailChanged.subject);
    expect(mail.text).toContain(fill(t.common.hello, { name: 'Ana' }));
    expect(mail.text).toContain(fill(t.emailChanged.changed, { old: 'ana@vitrine.test', new: 'ana.souza@outro.test' }));
    expect(mail.text).toContain(fill(t.emailChanged.by, { actor: 'Marta <Gestora>', date: formatDateTime(locale, CHANGE.at) }));
    expect(mail.text).toContain(t.emailChanged.notYou);
    expect(mail.html).toContain('<strong>ana@vitrine.test</strong>');
    expect(mail.html).toContain('<strong>ana.souza@outro.test</strong>');
    expect(mail.html).toContain('Marta &#60;Gestora&#62;');
    expect(mail.html).not.toContain('<Gestora>');
  });

  it('subscription: a greeting without a name, the link and the days', () => {
    const mail = mails.subscription as MailMessage;
    expect(mail.subject).toBe(t.subscription.subject);
    expect(mail.text.startsWith(t.common.helloNoName)).toBe(true);
    expect(mail.text.split('\n')).toContain(fill(t.subscription.linkText, { link: LINK }));
    expect(mail.text).toContain(fill(t.subscription.validity, { days: '7' }));
  });

  it('digest: subject, the week’s days and each article’s date in the language, the unsubscribe placeholder', () => {
    const mail: DigestMail = mails.digest;
    expect(mail.subject).toBe(fill(t.digest.subjectMany, { site: 'Vitrine', count: '2' }));
    expect(mail.text).toContain(fill(t.digest.textHeading, { site: 'Vitrine', week: formatWeek(locale, '2026-W48') }));
    expect(mail.text).toContain(formatLongDate(locale, ITEMS[0]!.published));
    expect(mail.html).toContain('Primeiro &#60;artigo&#62;');
    expect(mail.html).toContain(`href="${DIGEST_UNSUBSCRIBE_PLACEHOLDER}"`);
    expect(mail.text).toContain(fill(t.digest.unsubscribeText, { link: DIGEST_UNSUBSCRIBE_PLACEHOLDER }));
    expect(digestMail(locale, { name: 'Vitrine', url: 'https://vitrine.test' }, ITEMS.slice(0, 1), '2026-W48').subject).toBe(
      fill(t.digest.subjectOne, { site: 'Vitrine', title: 'Primeiro <artigo>' }),
    );
    expect(digestTestSubject(locale, 'X')).toBe(fill(t.digest.testSubject, { subject: 'X' }));
  });

  it("digest: the site's logo of its settings heads the mail, its name as the image's text", () => {
    const logo = { src: 'https://vitrine.test/uploads/images/x/320.webp', width: 160, height: 40 };
    const mail = digestMail(locale, { name: 'Acme & Co', url: 'https://vitrine.test', logo }, ITEMS, '2026-W48');
    expect(mail.html).toContain('<img src="https://vitrine.test/uploads/images/x/320.webp" width="160" height="40" alt="Acme &#38; Co"');
    // Without a logo, the name itself.
    expect(mails.digest.html).toContain('text-decoration:none">Vitrine</a>');
  });
});

describe('what each language reads', () => {
  it('pt-BR keeps the texts the product always sent', () => {
    const mails = everyMail('pt-BR');
    expect(mails.recovery?.subject).toBe('Vitrine: redefinição de senha');
    expect(mails.verificationCode?.text).toContain('Seu código de verificação é: 123456');
    expect(mails.newMessage?.subject).toBe('Vitrine: nova mensagem — Orçamento de site');
    expect(mails.subscription?.subject).toBe('Vitrine: confirme sua inscrição na newsletter');
    expect(mails.reply?.text).toContain('Em 23 de novembro de 2026 às 14:30, Joana Lima escreveu:');
    expect(mails.digest?.text).toMatch(/^Vitrine — o que publicamos nesta semana \(23\s–\s29 de novembro de 2026\)/);
    expect(mails.digest?.text).toContain('24 de novembro de 2026');
    expect(mails.emailChanged?.text).toContain('O e-mail com que você entra na Vitrine foi alterado de ana@vitrine.test para ana.souza@outro.test.');
    expect(mails.emailChanged?.text).toContain('A alteração foi feita por Marta <Gestora> em 23 de novembro de 2026 às 14:30.');
  });

  it('en-US, es-ES, fr-FR and ht-HT read as their own language, dates included', () => {
    const en = everyMail('en-US');
    expect(en.verificationCode?.text).toContain('Your verification code is: 123456');
    expect(en.verificationCode?.text).toContain('It is valid for 15 minutes.');
    expect(en.reply?.text).toMatch(/On November 23, 2026 at 2:30\sPM, Joana Lima wrote:/);
    expect(en.digest?.text).toMatch(/what we published this week \(November 23\s–\s29, 2026\)/);
    expect(en.emailChanged?.text).toMatch(/The change was made by Marta <Gestora> on November 23, 2026 at 2:30\sPM\./);

    const es = everyMail('es-ES');
    expect(es.recovery?.subject).toBe('Vitrine: restablecimiento de contraseña');
    expect(es.reply?.text).toContain('El 23 de noviembre de 2026 a las 14:30, Joana Lima escribió:');
    expect(es.digest?.text).toContain('24 de noviembre de 2026');

    const fr = everyMail('fr-FR');
    expect(fr.verificationCode?.text).toContain('Votre code de vérification est\u00a0: 123456');
    expect(fr.reply?.text).toContain('Le 23 novembre 2026 à 14:30, Joana Lima a écrit\u00a0:');
    expect(fr.digest?.text).toMatch(/cette semaine \(23\s?–\s?29 novembre 2026\)/);

    const ht = everyMail('ht-HT');
    expect(ht.verificationCode?.text).toContain('Kòd verifikasyon ou se: 123456');
    expect(ht.verificationCode?.text).toContain('Li bon pou 15 minit.');
    expect(ht.reply?.text).toContain('Nan dat 23 novanm 2026 a 14:30, Joana Lima te ekri:');
    expect(ht.digest?.text).toContain('sa nou pibliye semèn sa a (23–29 novanm 2026)');
    expect(ht.digest?.text).toContain('24 novanm 2026');
    expect(ht.emailChanged?.text).toContain('Se Marta <Gestora> ki fè chanjman an, nan dat 23 novanm 2026 a 14:30.');
  });

  it('an ISO week is its Monday to Sunday, across months and years', () => {
    expect(isoWeekDays('2026-W48')).toEqual({ start: new Date('2026-11-23T00:00:00Z'), end: new Date('2026-11-29T00:00:00Z') });
    expect(isoWeekDays('2026-W01')).toEqual({ start: new Date('2025-12-29T00:00:00Z'), end: new Date('2026-01-04T00:00:00Z') });
    expect(isoWeekDays('2020-W53')).toEqual({ start: new Date('2020-12-28T00:00:00Z'), end: new Date('2021-01-03T00:00:00Z') });
    expect(isoWeekDays('nope')).toBeUndefined();
    expect(formatWeek('ht-HT', '2026-W01')).toBe('29 desanm 2025 – 4 janvye 2026');
    expect(formatWeek('ht-HT', '2026-W49')).toBe('30 novanm – 6 desanm 2026');
    expect(formatWeek('pt-BR', 'nope')).toBe('nope');
  });
});
