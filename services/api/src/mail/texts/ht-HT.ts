import type { mail as source } from './pt-BR';
import type { MailTextsOf } from './types';

export const mail: MailTextsOf<typeof source> = {
  common: {
    hello: 'Bonjou {{name}},',
    helloNoName: 'Bonjou,',
    team: 'Ekip Vitrine',
  },
  recovery: {
    subject: 'Vitrine: chanje modpas ou',
    intro: 'Nou resevwa yon demann pou chanje modpas kont Vitrine ou.',
    linkText: 'Pou chwazi yon nouvo modpas, ale sou: {{link}}',
    button: 'Chwazi yon nouvo modpas',
    validity: 'Lyen an bon pou 1 èdtan, epi ou ka sèvi avè l yon sèl fwa. Si se pa ou ki fè demann sa a, pa okipe mesaj sa a.',
  },
  verificationCode: {
    subject: 'Vitrine: kòd verifikasyon ou',
    code: 'Kòd verifikasyon ou se: {{code}}',
    validity: 'Li bon pou {{minutes}} minit. Si se pa ou ki te eseye konekte sou Vitrine, fè administratè a konnen.',
  },
  signInCode: {
    subject: 'Vitrine: kòd pou konekte',
    code: 'Te gen anpil tantativ pou konekte sou kont ou ki echwe, petèt se yon lòt moun. Pou konekte, antre kòd sa a ansanm ak modpas ou: {{code}}',
    validity: 'Li bon pou {{minutes}} minit. Si se pa te ou, pa fè anyen: modpas ou toujou pwoteje. Si tantativ yo kontinye, fè administratè a konnen.',
  },
  emailChanged: {
    subject: 'Vitrine: yo chanje email kont ou',
    changed: 'Email ou itilize pou konekte sou Vitrine chanje soti nan {{old}} pou ale nan {{new}}.',
    by: 'Se {{actor}} ki fè chanjman an, nan dat {{date}}.',
    after: 'Depi kounye a, rekiperasyon modpas la ak avi kont lan ale nan nouvo adrès la.',
    notYou: 'Si ou pa rekonèt chanjman sa a, fè yon administratè konnen touswit.',
  },
  newMessage: {
    subject: 'Vitrine: nouvo mesaj — {{subject}}',
    sent: '{{from}} ({{company}}, {{telephone}}) voye yon mesaj sou sit la:',
    subjectLabel: 'Sijè:',
    openText: 'Louvri l nan espas administrasyon an: {{link}}',
    openButton: 'Louvri mesaj la nan espas administrasyon an',
  },
  webhookDisabled: {
    subject: 'Vitrine: webhook dezaktive — {{url}}',
    body: 'Tout livrezon pou {{url}} echwe pandan dènye 24 èdtan yo, se poutèt sa yo dezaktive adrès la. Nouvo evènman yo p ap voye ba li jiskaske yon moun aktive l ankò.',
    openText: 'Gade livrezon li yo epi aktive l ankò la a: {{link}}',
    openButton: 'Louvri webhook yo',
  },
  reply: {
    signature: '— {{staff}}, Vitrine',
    quoted: 'Nan dat {{date}}, {{name}} te ekri:',
  },
  subscription: {
    subject: 'Vitrine: konfime abònman ou nan bilten an',
    intro: 'Nou resevwa yon demann pou abone adrès email sa a nan bilten Vitrine voye chak semèn nan.',
    linkText: 'Pou konfime, ale sou: {{link}}',
    button: 'Konfime abònman mwen',
    validity:
      'Lyen an bon pou {{days}} jou, epi ou ka sèvi avè l yon sèl fwa. Si se pa ou ki fè demann sa a, pa okipe mesaj sa a: si ou pa konfime, nou p ap voye anyen ba ou.',
  },
  digest: {
    subjectOne: '{{site}}: {{title}}',
    subjectMany: '{{site}}: {{count}} nouvo atik semèn sa a',
    heading: 'Sa nou pibliye semèn sa a ({{week}})',
    textHeading: '{{site}} — sa nou pibliye semèn sa a ({{week}})',
    readMore: 'Li atik la →',
    why: 'Ou resevwa email sa a paske ou te abone nan bilten {{site}} voye chak semèn nan.',
    unsubscribe: 'Dezabone',
    unsubscribeText: 'Dezabone: {{link}}',
    testSubject: '[Tès] {{subject}}',
  },
};
