import type { MailMessage } from './mailer';

/** Mail texts in pt-BR, the default language (SPEC §1). */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">${body}<p>Equipe Vitrine</p></body></html>`;
}

export function recoveryMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Vitrine: redefinição de senha',
    text: [
      `Olá, ${name}!`,
      'Recebemos um pedido para redefinir a senha da sua conta na Vitrine.',
      `Para escolher uma nova senha, acesse: ${link}`,
      'O link vale por 1 hora e só pode ser usado uma vez. Se você não fez esse pedido, ignore esta mensagem.',
      'Equipe Vitrine',
    ].join('\n\n'),
    html: layout([
      `Olá, ${escapeHtml(name)}!`,
      'Recebemos um pedido para redefinir a senha da sua conta na Vitrine.',
      `<a href="${escapeHtml(link)}">Escolher uma nova senha</a>`,
      'O link vale por 1 hora e só pode ser usado uma vez. Se você não fez esse pedido, ignore esta mensagem.',
    ]),
  };
}

export function verificationCodeMail(to: string, name: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Vitrine: seu código de verificação',
    text: [
      `Olá, ${name}!`,
      `Seu código de verificação é: ${code}`,
      `Ele vale por ${minutes} minutos. Se você não tentou entrar na Vitrine, avise o administrador.`,
      'Equipe Vitrine',
    ].join('\n\n'),
    html: layout([
      `Olá, ${escapeHtml(name)}!`,
      `Seu código de verificação é: <strong style="font-size:20px;letter-spacing:4px">${code}</strong>`,
      `Ele vale por ${minutes} minutos. Se você não tentou entrar na Vitrine, avise o administrador.`,
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
export function newMessageMail(to: string, staffName: string, message: ReceivedMessageSummary, link: string): MailMessage {
  const from = `${message.name} <${message.email}>`;
  return {
    to,
    subject: `Vitrine: nova mensagem — ${message.subject}`,
    text: [
      `Olá, ${staffName}!`,
      `${from} (${message.company}, ${message.telephone}) enviou uma mensagem pelo site:`,
      `Assunto: ${message.subject}`,
      message.body,
      `Abrir na área administrativa: ${link}`,
    ].join('\n\n'),
    html: layout([
      `Olá, ${escapeHtml(staffName)}!`,
      `<strong>${escapeHtml(from)}</strong> (${escapeHtml(message.company)}, ${escapeHtml(message.telephone)}) enviou uma mensagem pelo site:`,
      `<strong>Assunto:</strong> ${escapeHtml(message.subject)}`,
      paragraphsOf(message.body),
      `<a href="${escapeHtml(link)}">Abrir a mensagem na área administrativa</a>`,
    ]),
  };
}

/** A staff member's reply to a contact message, with the visitor's message quoted below it. */
export function replyMail(message: ReceivedMessageSummary & { created_at: Date }, reply: string, staffName: string): MailMessage {
  const sent = message.created_at.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'long', timeStyle: 'short' });
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  const quoted = message.body
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    to: message.email,
    subject,
    text: [reply, `— ${staffName}, Vitrine`, `Em ${sent}, ${message.name} escreveu:\n${quoted}`].join('\n\n'),
    html: `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937"><p>${paragraphsOf(reply)}</p><p>— ${escapeHtml(staffName)}, Vitrine</p><p style="color:#6b7280">Em ${escapeHtml(sent)}, ${escapeHtml(message.name)} escreveu:</p><blockquote style="margin:0;padding-left:12px;border-left:3px solid #d1d5db;color:#4b5563">${paragraphsOf(message.body)}</blockquote></body></html>`,
  };
}

/** Double opt-in: the single-use link that confirms a newsletter subscription. */
export function subscriptionConfirmationMail(to: string, name: string, link: string, days: number): MailMessage {
  const hello = name ? `Olá, ${name}!` : 'Olá!';
  return {
    to,
    subject: 'Vitrine: confirme sua inscrição na newsletter',
    text: [
      hello,
      'Recebemos um pedido para inscrever este e-mail na newsletter semanal da Vitrine.',
      `Para confirmar, acesse: ${link}`,
      `O link vale por ${days} dias e só pode ser usado uma vez. Se você não fez esse pedido, ignore esta mensagem: sem a confirmação, nada será enviado.`,
      'Equipe Vitrine',
    ].join('\n\n'),
    html: layout([
      escapeHtml(hello),
      'Recebemos um pedido para inscrever este e-mail na newsletter semanal da Vitrine.',
      `<a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1e3a8a;color:#ffffff;border-radius:6px;text-decoration:none">Confirmar inscrição</a>`,
      `O link vale por ${days} dias e só pode ser usado uma vez. Se você não fez esse pedido, ignore esta mensagem: sem a confirmação, nada será enviado.`,
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
  date: string;
}

/**
 * The weekly digest: a responsive single-column HTML mail (tables and inline styles, what mail clients
 * render) and its plain-text twin, with the site's identity and one block per article. The unsubscribe URL
 * is a placeholder, replaced per recipient.
 */
export function digestMail(site: { name: string; url: string }, items: DigestItem[], week: string): { subject: string; html: string; text: string } {
  const subject = items.length === 1 ? `${site.name}: ${items[0]?.title ?? ''}` : `${site.name}: ${items.length} novos artigos da semana`;
  const blocks = items
    .map(
      (item) => `<tr><td style="padding:0 0 28px 0">
${item.image ? `<a href="${escapeHtml(item.url)}"><img src="${escapeHtml(item.image)}" width="560" alt="" style="display:block;width:100%;max-width:560px;height:auto;border-radius:8px;border:0"></a>` : ''}
<p style="margin:12px 0 4px 0;font-size:12px;color:#6b7280">${escapeHtml(item.date)}</p>
<h2 style="margin:0 0 8px 0;font-size:20px;line-height:1.3"><a href="${escapeHtml(item.url)}" style="color:#111827;text-decoration:none">${escapeHtml(item.title)}</a></h2>
<p style="margin:0 0 10px 0;font-size:15px;line-height:1.55;color:#374151">${escapeHtml(item.excerpt)}</p>
<a href="${escapeHtml(item.url)}" style="font-size:14px;color:#1e3a8a;font-weight:bold">Ler o artigo →</a>
</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px">
<tr><td style="padding:24px 20px 8px 20px;border-bottom:4px solid #1e3a8a"><a href="${escapeHtml(site.url)}" style="font-size:24px;font-weight:bold;color:#1e3a8a;text-decoration:none">${escapeHtml(site.name)}</a>
<p style="margin:6px 0 12px 0;font-size:14px;color:#6b7280">O que publicamos nesta semana (${escapeHtml(week)})</p></td></tr>
<tr><td style="padding:24px 20px 0 20px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${blocks}</table></td></tr>
<tr><td style="padding:16px 20px 24px 20px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#6b7280">
Você recebe este e-mail porque se inscreveu na newsletter semanal de ${escapeHtml(site.name)}.<br>
<a href="${DIGEST_UNSUBSCRIBE_PLACEHOLDER}" style="color:#6b7280">Cancelar a inscrição</a></td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    `${site.name} — o que publicamos nesta semana (${week})`,
    ...items.map((item) => [item.title, item.date, item.excerpt, item.url].filter(Boolean).join('\n')),
    `Você recebe este e-mail porque se inscreveu na newsletter semanal de ${site.name}.\nCancelar a inscrição: ${DIGEST_UNSUBSCRIBE_PLACEHOLDER}`,
  ].join('\n\n');
  return { subject, html, text };
}
