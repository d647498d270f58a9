import type { Locale } from '@vitrine/contracts';
import type { MailMessage } from './mailer';
import { formatDateTime, formatLongDate, formatNumber, formatWeek } from './format';
import { escapeHtml, fill, fillHtml, mailTexts } from './texts';

/**
 * Every mail the API sends, in the recipient's language (docs/decisions/mail-languages.md): the texts live in
 * ./texts (pt-BR the source, four languages typed against it), dates and numbers follow the language, and the
 * HTML part says which language it is (`<html lang>`) so readers and screen readers pronounce it right.
 */

function layout(locale: Locale, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#1f2937">${body}<p>${escapeHtml(mailTexts(locale).common.team)}</p></body></html>`;
}

function greeting(locale: Locale, name: string): string {
  const t = mailTexts(locale).common;
  return name ? fill(t.hello, { name }) : t.helloNoName;
}

const linkButton = (link: string, label: string) =>
  `<a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1e3a8a;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a>`;

export function recoveryMail(locale: Locale, to: string, name: string, link: string): MailMessage {
  const t = mailTexts(locale);
  return {
    to,
    subject: t.recovery.subject,
    text: [greeting(locale, name), t.recovery.intro, fill(t.recovery.linkText, { link }), t.recovery.validity, t.common.team].join('\n\n'),
    html: layout(locale, [
      escapeHtml(greeting(locale, name)),
      escapeHtml(t.recovery.intro),
      `<a href="${escapeHtml(link)}">${escapeHtml(t.recovery.button)}</a>`,
      escapeHtml(t.recovery.validity),
    ]),
  };
}

/**
 * A mailed 6-digit code: verifying a new account (`verify`), or signing in to an account that had many failed
 * sign-ins (`sign-in`, asked together with the password).
 */
export function verificationCodeMail(locale: Locale, to: string, name: string, code: string, minutes: number, purpose: 'verify' | 'sign-in' = 'verify'): MailMessage {
  const t = mailTexts(locale);
  const texts = purpose === 'sign-in' ? t.signInCode : t.verificationCode;
  const validity = { minutes: formatNumber(locale, minutes) };
  return {
    to,
    subject: texts.subject,
    text: [greeting(locale, name), fill(texts.code, { code }), fill(texts.validity, validity), t.common.team].join('\n\n'),
    html: layout(locale, [
      escapeHtml(greeting(locale, name)),
      fillHtml(texts.code, {}, { code: `<strong style="font-size:20px;letter-spacing:4px">${escapeHtml(code)}</strong>` }),
      fillHtml(texts.validity, validity),
    ]),
  };
}

/** An account's sign-in email changed: from which address to which, when, and by whom (their name). */
export interface EmailChange {
  from: string;
  to: string;
  at: Date;
  by: string;
}

/**
 * To the address the account had until now: its sign-in email was changed. Whoever holds the old mailbox learns
 * of it (and can raise the alarm), whether the account's owner changed it or someone who manages users did.
 */
export function emailChangedMail(locale: Locale, name: string, change: EmailChange): MailMessage {
  const t = mailTexts(locale);
  const values = { old: change.from, new: change.to };
  const by = { actor: change.by, date: formatDateTime(locale, change.at) };
  return {
    to: change.from,
    subject: t.emailChanged.subject,
    text: [greeting(locale, name), fill(t.emailChanged.changed, values), fill(t.emailChanged.by, by), t.emailChanged.after, t.emailChanged.notYou, t.common.team].join('\n\n'),
    html: layout(locale, [
      escapeHtml(greeting(locale, name)),
      fillHtml(t.emailChanged.changed, {}, { old: `<strong>${escapeHtml(change.from)}</strong>`, new: `<strong>${escapeHtml(change.to)}</strong>` }),
      fillHtml(t.emailChanged.by, by),
      escapeHtml(t.emailChanged.after),
      `<strong>${escapeHtml(t.emailChanged.notYou)}</strong>`,
    ]),
  };
}

/** Line breaks of a visitor's or staff member's text, kept in the HTML part (escaped first). */
function paragraphsOf(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

export interface ReceivedMessageSummary {
  name: string;
  email: string;
  company: string;
  telephone: string;
  subject: string;
  body: string;
}

/** To staff with the site_editor access: a new contact message, with a link to it in the admin. */
export function newMessageMail(locale: Locale, to: string, staffName: string, message: ReceivedMessageSummary, link: string): MailMessage {
  const t = mailTexts(locale);
  const from = `${message.name} <${message.email}>`;
  const sender = { from, company: message.company, telephone: message.telephone };
  return {
    to,
    subject: fill(t.newMessage.subject, { subject: message.subject }),
    text: [
      greeting(locale, staffName),
      fill(t.newMessage.sent, sender),
      `${t.newMessage.subjectLabel} ${message.subject}`,
      message.body,
      fill(t.newMessage.openText, { link }),
    ].join('\n\n'),
    html: layout(locale, [
      escapeHtml(greeting(locale, staffName)),
      fillHtml(t.newMessage.sent, sender, { from: `<strong>${escapeHtml(from)}</strong>` }),
      `<strong>${escapeHtml(t.newMessage.subjectLabel)}</strong> ${escapeHtml(message.subject)}`,
      paragraphsOf(message.body),
      `<a href="${escapeHtml(link)}">${escapeHtml(t.newMessage.openButton)}</a>`,
    ]),
  };
}

/** To the staff with the settings access: a webhook endpoint was disabled after a day of failed deliveries. */
export function webhookDisabledMail(locale: Locale, to: string, staffName: string, url: string, link: string): MailMessage {
  const t = mailTexts(locale).webhookDisabled;
  return {
    to,
    subject: fill(t.subject, { url }),
    text: [greeting(locale, staffName), fill(t.body, { url }), fill(t.openText, { link })].join('\n\n'),
    html: layout(locale, [
      escapeHtml(greeting(locale, staffName)),
      fillHtml(t.body, { url }, { url: `<strong>${escapeHtml(url)}</strong>` }),
      `<a href="${escapeHtml(link)}">${escapeHtml(t.openButton)}</a>`,
    ]),
  };
}

/** A staff member's reply to a contact message, with the visitor's message quoted below it (in the visitor's language). */
export function replyMail(locale: Locale, message: ReceivedMessageSummary & { created_at: Date }, reply: string, staffName: string): MailMessage {
  const t = mailTexts(locale).reply;
  const quoted = { date: formatDateTime(locale, message.created_at), name: message.name };
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  const lines = message.body
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const signature = { staff: staffName };
  return {
    to: message.email,
    subject,
    text: [reply, fill(t.signature, signature), `${fill(t.quoted, quoted)}\n${lines}`].join('\n\n'),
    html: `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#1f2937"><p>${paragraphsOf(reply)}</p><p>${fillHtml(t.signature, signature)}</p><p style="color:#6b7280">${fillHtml(t.quoted, quoted)}</p><blockquote style="margin:0;padding-left:12px;border-left:3px solid #d1d5db;color:#4b5563">${paragraphsOf(message.body)}</blockquote></body></html>`,
  };
}

/** Double opt-in: the single-use link that confirms a newsletter subscription. */
export function subscriptionConfirmationMail(locale: Locale, to: string, name: string, link: string, days: number): MailMessage {
  const t = mailTexts(locale);
  const validity = { days: formatNumber(locale, days) };
  return {
    to,
    subject: t.subscription.subject,
    text: [greeting(locale, name), t.subscription.intro, fill(t.subscription.linkText, { link }), fill(t.subscription.validity, validity), t.common.team].join('\n\n'),
    html: layout(locale, [
      escapeHtml(greeting(locale, name)),
      escapeHtml(t.subscription.intro),
      linkButton(link, t.subscription.button),
      fillHtml(t.subscription.validity, validity),
    ]),
  };
}

/** The per-recipient parts of a digest, filled in at sending time. */
export const DIGEST_UNSUBSCRIBE_PLACEHOLDER = '%%UNSUBSCRIBE_URL%%';

export interface DigestItem {
  title: string;
  excerpt: string;
  url: string;
  /** Absolute URL of the cover (a 640-pixel variant), if the article has one. */
  image: string | null;
  /** When it was published: shown as the language writes a date, the company's day. */
  published: Date;
  /** The language of title and excerpt when it is not the mail's (an article not translated into it yet). */
  lang?: string;
}

/** A newsletter mail before it is made out to a subscriber (forSubscriber): the digest, the welcome mail. */
export interface DigestMail {
  subject: string;
  html: string;
  text: string;
}

/** The admin's test of the digest: the subject says it is one. */
export function digestTestSubject(locale: Locale, subject: string): string {
  return fill(mailTexts(locale).digest.testSubject, { subject });
}

/**
 * The weekly digest: a responsive single-column HTML mail (tables and inline styles, what mail clients
 * render) and its plain-text twin, with the site's identity and one block per article. `week` is the ISO
 * week key ('2026-W48'), shown as its days. The unsubscribe URL is a placeholder, replaced per recipient.
 */
/** The site as a mail shows it: its name, its address and its logo (an image of the settings, drawn at that size). */
export interface MailSite {
  name: string;
  url: string;
  logo?: { src: string; width: number; height: number } | null;
}

export function digestMail(locale: Locale, site: MailSite, items: DigestItem[], week: string): DigestMail {
  const t = mailTexts(locale).digest;
  const first = items[0];
  const subject =
    items.length === 1 && first ? fill(t.subjectOne, { site: site.name, title: first.title }) : fill(t.subjectMany, { site: site.name, count: formatNumber(locale, items.length) });
  const days = formatWeek(locale, week);
  const dated = items.map((item) => ({ ...item, date: formatLongDate(locale, item.published) }));
  const blocks = dated
    .map(
      (item) => `<tr><td style="padding:0 0 28px 0">
${item.image ? `<a href="${escapeHtml(item.url)}"><img src="${escapeHtml(item.image)}" width="560" alt="" style="display:block;width:100%;max-width:560px;height:auto;border-radius:8px;border:0"></a>` : ''}
<p style="margin:12px 0 4px 0;font-size:12px;color:#6b7280">${escapeHtml(item.date)}</p>
<h2${item.lang ? ` lang="${escapeHtml(item.lang)}"` : ''} style="margin:0 0 8px 0;font-size:20px;line-height:1.3"><a href="${escapeHtml(item.url)}" style="color:#111827;text-decoration:none">${escapeHtml(item.title)}</a></h2>
<p${item.lang ? ` lang="${escapeHtml(item.lang)}"` : ''} style="margin:0 0 10px 0;font-size:15px;line-height:1.55;color:#374151">${escapeHtml(item.excerpt)}</p>
<a href="${escapeHtml(item.url)}" style="font-size:14px;color:#1e3a8a;font-weight:bold">${escapeHtml(t.readMore)}</a>
</td></tr>`,
    )
    .join('\n');
  const html = newsletterFrame(locale, site, {
    title: subject,
    heading: fillHtml(t.heading, { week: days }),
    content: `<tr><td style="padding:24px 20px 0 20px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${blocks}</table></td></tr>`,
  });
  const text = [
    fill(t.textHeading, { site: site.name, week: days }),
    ...dated.map((item) => [item.title, item.date, item.excerpt, item.url].filter(Boolean).join('\n')),
    newsletterFooterText(locale, site),
  ].join('\n\n');
  return { subject, html, text };
}

/**
 * A newsletter mail's frame (the digest's and the welcome mail's): a responsive single column (tables and inline
 * styles, what mail clients render) with the site's logo or name on top, then `heading` (a line of markup, or none),
 * the content's rows, and the footer: why the reader gets it and the unsubscribe link (the placeholder, replaced per
 * recipient by forSubscriber).
 */
function newsletterFrame(locale: Locale, site: MailSite, parts: { title: string; heading: string | null; content: string }): string {
  const t = mailTexts(locale).digest;
  const mark = site.logo
    ? `<img src="${escapeHtml(site.logo.src)}" width="${site.logo.width}" height="${site.logo.height}" alt="${escapeHtml(site.name)}" style="display:block;border:0">`
    : escapeHtml(site.name);
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(parts.title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px">
<tr><td style="padding:24px 20px ${parts.heading === null ? '16px' : '8px'} 20px;border-bottom:4px solid #1e3a8a"><a href="${escapeHtml(site.url)}" style="font-size:24px;font-weight:bold;color:#1e3a8a;text-decoration:none">${mark}</a>${
    parts.heading === null ? '' : `\n<p style="margin:6px 0 12px 0;font-size:14px;color:#6b7280">${parts.heading}</p>`
  }</td></tr>
${parts.content}
<tr><td style="padding:16px 20px 24px 20px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#6b7280">
${fillHtml(t.why, { site: site.name })}<br>
<a href="${DIGEST_UNSUBSCRIBE_PLACEHOLDER}" style="color:#6b7280">${escapeHtml(t.unsubscribe)}</a></td></tr>
</table></td></tr></table></body></html>`;
}

/** The plain-text twin of the frame's footer: why, and the unsubscribe link (the placeholder). */
function newsletterFooterText(locale: Locale, site: MailSite): string {
  const t = mailTexts(locale).digest;
  return `${fill(t.why, { site: site.name })}\n${fill(t.unsubscribeText, { link: DIGEST_UNSUBSCRIBE_PLACEHOLDER })}`;
}

/** One language's welcome text as staff wrote it: `{site}` in either is the site's name. */
export interface WelcomeText {
  subject: string;
  body: string;
}

/** `{site}` (spaces inside the braces allowed) filled with the site's name; the text is otherwise as written. */
function fillSite(text: string, site: string): string {
  return text.replace(/\{\s*site\s*\}/g, () => site);
}

/** http(s) addresses in a staff text; a closing punctuation mark or quote after one is not part of it. */
const TEXT_LINK = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'’”»]/g;

/** Plain text as HTML: escaped, its http(s) addresses made links, its line breaks kept. */
function textToHtml(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(TEXT_LINK)) {
    out += escapeHtml(text.slice(last, match.index));
    out += `<a href="${escapeHtml(match[0])}" style="color:#1e3a8a">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return (out + escapeHtml(text.slice(last))).replace(/\n/g, '<br>');
}

/**
 * The welcome mail a confirmed subscriber gets, in `locale` (the language of `text`): the staff's subject, the greeting
 * (by name when the subscriber gave one), the staff's paragraphs (plain text: a blank line between paragraphs, links
 * made clickable, nothing else interpreted), in the digest's frame with its unsubscribe footer.
 */
export function welcomeMail(locale: Locale, site: MailSite, text: WelcomeText, name: string): DigestMail {
  const subject = fillSite(text.subject, site.name);
  const body = fillSite(text.body, site.name);
  const paragraphs = [greeting(locale, name), ...body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)];
  const content = paragraphs.map((p) => `<p style="margin:0 0 16px 0">${textToHtml(p)}</p>`).join('\n');
  return {
    subject,
    html: newsletterFrame(locale, site, { title: subject, heading: null, content: `<tr><td style="padding:24px 20px 8px 20px;font-size:15px;line-height:1.6;color:#374151">\n${content}</td></tr>` }),
    text: [...paragraphs, newsletterFooterText(locale, site)].join('\n\n'),
  };
}

/** Who a newsletter mail goes to: their address and their subscription (its id and key name their unsubscribe page). */
export interface NewsletterRecipient {
  email: string;
  id: number;
  key: string;
}

/**
 * A newsletter mail (a digest, the welcome mail) made out to one subscriber: their unsubscribe page in its text and
 * HTML, and the RFC 8058 one-click headers (List-Unsubscribe, List-Unsubscribe-Post) every newsletter mail carries.
 */
export function forSubscriber(mail: DigestMail, publicUrl: string, recipient: NewsletterRecipient): MailMessage {
  const key = encodeURIComponent(recipient.key);
  const page = `${publicUrl}/unsubscribe-newsletter/${key}/${recipient.id}`;
  const oneClick = `${publicUrl}/api/public/newsletter/one-click/${recipient.id}/${key}`;
  return {
    to: recipient.email,
    subject: mail.subject,
    html: mail.html.replaceAll(DIGEST_UNSUBSCRIBE_PLACEHOLDER, page),
    text: mail.text.replaceAll(DIGEST_UNSUBSCRIBE_PLACEHOLDER, page),
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
