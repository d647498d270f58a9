import type { mail as source } from './pt-BR';
import type { MailTextsOf } from './types';

export const mail: MailTextsOf<typeof source> = {
  common: {
    hello: 'Bonjour {{name}},',
    helloNoName: 'Bonjour,',
    team: 'L’équipe Vitrine',
  },
  recovery: {
    subject: 'Vitrine : réinitialisation de votre mot de passe',
    intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Vitrine.',
    linkText: 'Pour choisir un nouveau mot de passe, rendez-vous sur : {{link}}',
    button: 'Choisir un nouveau mot de passe',
    validity: 'Ce lien est valable 1 heure et ne peut servir qu’une seule fois. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
  },
  verificationCode: {
    subject: 'Vitrine : votre code de vérification',
    code: 'Votre code de vérification est : {{code}}',
    validity: 'Il est valable {{minutes}} minutes. Si vous n’avez pas essayé de vous connecter à Vitrine, prévenez votre administrateur.',
  },
  signInCode: {
    subject: 'Vitrine : votre code de connexion',
    code: 'Il y a eu de nombreuses tentatives de connexion échouées à votre compte, peut-être par quelqu’un d’autre. Pour vous connecter, saisissez ce code avec votre mot de passe : {{code}}',
    validity: 'Il est valable {{minutes}} minutes. Si ce n’était pas vous, ne faites rien : votre mot de passe reste protégé. Si les tentatives continuent, prévenez votre administrateur.',
  },
  emailChanged: {
    subject: 'Vitrine : l’adresse e-mail de votre compte a été modifiée',
    changed: 'L’adresse e-mail avec laquelle vous vous connectez à Vitrine est passée de {{old}} à {{new}}.',
    by: 'La modification a été faite par {{actor}} le {{date}}.',
    after: 'Désormais, la récupération du mot de passe et les avis du compte sont envoyés à la nouvelle adresse.',
    notYou: 'Si vous ne reconnaissez pas cette modification, prévenez immédiatement un administrateur.',
  },
  newMessage: {
    subject: 'Vitrine : nouveau message — {{subject}}',
    sent: '{{from}} ({{company}}, {{telephone}}) a envoyé un message depuis le site :',
    subjectLabel: 'Objet :',
    openText: 'L’ouvrir dans l’espace d’administration : {{link}}',
    openButton: 'Ouvrir le message dans l’espace d’administration',
  },
  webhookDisabled: {
    subject: 'Vitrine : webhook désactivé — {{url}}',
    body: 'Toutes les livraisons vers {{url}} ont échoué pendant les dernières 24 heures : le point de terminaison a donc été désactivé. Les nouveaux événements ne lui sont plus envoyés tant que personne ne le réactive.',
    openText: 'Consultez ses livraisons et réactivez-le ici : {{link}}',
    openButton: 'Ouvrir les webhooks',
  },
  reply: {
    signature: '— {{staff}}, Vitrine',
    quoted: 'Le {{date}}, {{name}} a écrit :',
  },
  subscription: {
    subject: 'Vitrine : confirmez votre abonnement à la newsletter',
    intro: 'Nous avons reçu une demande d’abonnement de cette adresse e-mail à la newsletter hebdomadaire de Vitrine.',
    linkText: 'Pour confirmer, rendez-vous sur : {{link}}',
    button: 'Confirmer mon abonnement',
    validity:
      'Ce lien est valable {{days}} jours et ne peut servir qu’une seule fois. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : sans confirmation, nous ne vous enverrons rien.',
  },
  digest: {
    subjectOne: '{{site}} : {{title}}',
    subjectMany: '{{site}} : {{count}} nouveaux articles cette semaine',
    heading: 'Ce que nous avons publié cette semaine ({{week}})',
    textHeading: '{{site}} — ce que nous avons publié cette semaine ({{week}})',
    readMore: 'Lire l’article →',
    why: 'Vous recevez cet e-mail parce que cette adresse est abonnée à la newsletter hebdomadaire de {{site}}.',
    unsubscribe: 'Se désabonner',
    unsubscribeText: 'Se désabonner : {{link}}',
    testSubject: '[Test] {{subject}}',
  },
};
