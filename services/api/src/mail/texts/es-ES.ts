import type { mail as source } from './pt-BR';
import type { MailTextsOf } from './types';

export const mail: MailTextsOf<typeof source> = {
  common: {
    hello: '¡Hola, {{name}}!',
    helloNoName: '¡Hola!',
    team: 'El equipo de Vitrine',
  },
  recovery: {
    subject: 'Vitrine: restablecimiento de contraseña',
    intro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Vitrine.',
    linkText: 'Para elegir una contraseña nueva, entra en: {{link}}',
    button: 'Elegir una contraseña nueva',
    validity: 'El enlace es válido durante 1 hora y solo se puede usar una vez. Si no has hecho esta solicitud, ignora este mensaje.',
  },
  verificationCode: {
    subject: 'Vitrine: tu código de verificación',
    code: 'Tu código de verificación es: {{code}}',
    validity: 'Es válido durante {{minutes}} minutos. Si no has intentado iniciar sesión en Vitrine, avisa al administrador.',
  },
  signInCode: {
    subject: 'Vitrine: tu código para entrar',
    code: 'Hubo muchos intentos fallidos de entrar en tu cuenta, quizá de otra persona. Para entrar, introduce este código junto con tu contraseña: {{code}}',
    validity: 'Es válido durante {{minutes}} minutos. Si no fuiste tú, no hagas nada: tu contraseña sigue protegida. Si los intentos continúan, avisa al administrador.',
  },
  emailChanged: {
    subject: 'Vitrine: se ha cambiado el correo electrónico de tu cuenta',
    changed: 'El correo electrónico con el que entras en Vitrine se ha cambiado de {{old}} a {{new}}.',
    by: 'El cambio lo hizo {{actor}} el {{date}}.',
    after: 'A partir de ahora, la recuperación de la contraseña y los avisos de la cuenta irán a la nueva dirección.',
    notYou: 'Si no reconoces este cambio, avisa a un administrador de inmediato.',
  },
  newMessage: {
    subject: 'Vitrine: nuevo mensaje — {{subject}}',
    sent: '{{from}} ({{company}}, {{telephone}}) ha enviado un mensaje desde el sitio web:',
    subjectLabel: 'Asunto:',
    openText: 'Ábrelo en el área de administración: {{link}}',
    openButton: 'Abrir el mensaje en el área de administración',
  },
  webhookDisabled: {
    subject: 'Vitrine: webhook desactivado — {{url}}',
    body: 'Todas las entregas a {{url}} han fallado durante las últimas 24 horas, así que el endpoint se ha desactivado. Los eventos nuevos no se le envían hasta que alguien lo vuelva a activar.',
    openText: 'Consulta sus entregas y vuelve a activarlo en: {{link}}',
    openButton: 'Abrir los webhooks',
  },
  reply: {
    signature: '— {{staff}}, Vitrine',
    quoted: 'El {{date}}, {{name}} escribió:',
  },
  subscription: {
    subject: 'Vitrine: confirma tu suscripción al boletín',
    intro: 'Hemos recibido una solicitud para suscribir esta dirección de correo electrónico al boletín semanal de Vitrine.',
    linkText: 'Para confirmarla, entra en: {{link}}',
    button: 'Confirmar la suscripción',
    validity:
      'El enlace es válido durante {{days}} días y solo se puede usar una vez. Si no has hecho esta solicitud, ignora este mensaje: sin tu confirmación, no te enviaremos nada.',
  },
  digest: {
    subjectOne: '{{site}}: {{title}}',
    subjectMany: '{{site}}: {{count}} artículos nuevos esta semana',
    heading: 'Lo que hemos publicado esta semana ({{week}})',
    textHeading: '{{site}} — lo que hemos publicado esta semana ({{week}})',
    readMore: 'Leer el artículo →',
    why: 'Recibes este correo porque te suscribiste al boletín semanal de {{site}}.',
    unsubscribe: 'Cancelar la suscripción',
    unsubscribeText: 'Cancelar la suscripción: {{link}}',
    testSubject: '[Prueba] {{subject}}',
  },
};
