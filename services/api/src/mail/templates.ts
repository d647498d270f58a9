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
