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
