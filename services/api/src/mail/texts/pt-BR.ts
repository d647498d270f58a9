/**
 * Every mail's texts in pt-BR, the product default language and the source the other languages follow
 * (docs/decisions/mail-languages.md). `{{name}}` placeholders are filled by the templates (escaped in the
 * HTML part); every language has the same placeholders per key, and a link stays last in its line so mail
 * clients and tests find it whole.
 */
export const mail = {
  common: {
    hello: 'Olá, {{name}}!',
    helloNoName: 'Olá!',
    team: 'Equipe Vitrine',
  },
  recovery: {
    subject: 'Vitrine: redefinição de senha',
    intro: 'Recebemos um pedido para redefinir a senha da sua conta na Vitrine.',
    linkText: 'Para escolher uma nova senha, acesse: {{link}}',
    button: 'Escolher uma nova senha',
    validity: 'O link vale por 1 hora e só pode ser usado uma vez. Se você não fez esse pedido, ignore esta mensagem.',
  },
  verificationCode: {
    subject: 'Vitrine: seu código de verificação',
    code: 'Seu código de verificação é: {{code}}',
    validity: 'Ele vale por {{minutes}} minutos. Se você não tentou entrar na Vitrine, avise o administrador.',
  },
  signInCode: {
    subject: 'Vitrine: código para entrar',
    code: 'Houve muitas tentativas erradas de entrar na sua conta, talvez de outra pessoa. Para entrar, digite este código junto com a sua senha: {{code}}',
    validity: 'Ele vale por {{minutes}} minutos. Se não foi você, não faça nada: sua senha continua protegida. Se as tentativas continuarem, avise o administrador.',
  },
  emailChanged: {
    subject: 'Vitrine: o e-mail da sua conta foi alterado',
    changed: 'O e-mail com que você entra na Vitrine foi alterado de {{old}} para {{new}}.',
    by: 'A alteração foi feita por {{actor}} em {{date}}.',
    after: 'A partir de agora, a recuperação de senha e os avisos da conta vão para o novo endereço.',
    notYou: 'Se você não reconhece essa alteração, avise um administrador imediatamente.',
  },
  newMessage: {
    subject: 'Vitrine: nova mensagem — {{subject}}',
    sent: '{{from}} ({{company}}, {{telephone}}) enviou uma mensagem pelo site:',
    subjectLabel: 'Assunto:',
    openText: 'Abrir na área administrativa: {{link}}',
    openButton: 'Abrir a mensagem na área administrativa',
  },
  webhookDisabled: {
    subject: 'Vitrine: webhook desativado — {{url}}',
    body: 'Todas as entregas para {{url}} falharam nas últimas 24 horas, por isso o endpoint foi desativado. Os eventos novos não são enviados para ele até que alguém o ative de novo.',
    openText: 'Veja as entregas e ative-o de novo em: {{link}}',
    openButton: 'Abrir os webhooks',
  },
  reply: {
    signature: '— {{staff}}, Vitrine',
    quoted: 'Em {{date}}, {{name}} escreveu:',
  },
  subscription: {
    subject: 'Vitrine: confirme sua inscrição na newsletter',
    intro: 'Recebemos um pedido para inscrever este e-mail na newsletter semanal da Vitrine.',
    linkText: 'Para confirmar, acesse: {{link}}',
    button: 'Confirmar inscrição',
    validity:
      'O link vale por {{days}} dias e só pode ser usado uma vez. Se você não fez esse pedido, ignore esta mensagem: sem a confirmação, nada será enviado.',
  },
  digest: {
    subjectOne: '{{site}}: {{title}}',
    subjectMany: '{{site}}: {{count}} novos artigos da semana',
    heading: 'O que publicamos nesta semana ({{week}})',
    textHeading: '{{site}} — o que publicamos nesta semana ({{week}})',
    readMore: 'Ler o artigo →',
    why: 'Você recebe este e-mail porque se inscreveu na newsletter semanal de {{site}}.',
    unsubscribe: 'Cancelar a inscrição',
    unsubscribeText: 'Cancelar a inscrição: {{link}}',
    testSubject: '[Teste] {{subject}}',
  },
};
