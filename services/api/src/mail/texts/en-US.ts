import type { mail as source } from './pt-BR';
import type { MailTextsOf } from './types';

export const mail: MailTextsOf<typeof source> = {
  common: {
    hello: 'Hi {{name}},',
    helloNoName: 'Hello,',
    team: 'The Vitrine team',
  },
  recovery: {
    subject: 'Vitrine: reset your password',
    intro: 'We received a request to reset the password of your Vitrine account.',
    linkText: 'To choose a new password, go to: {{link}}',
    button: 'Choose a new password',
    validity: 'The link is valid for 1 hour and can be used only once. If you did not make this request, you can ignore this message.',
  },
  verificationCode: {
    subject: 'Vitrine: your verification code',
    code: 'Your verification code is: {{code}}',
    validity: 'It is valid for {{minutes}} minutes. If you did not try to sign in to Vitrine, let your administrator know.',
  },
  signInCode: {
    subject: 'Vitrine: your sign-in code',
    code: 'There were many failed attempts to sign in to your account, perhaps by someone else. To sign in, enter this code along with your password: {{code}}',
    validity: 'It is valid for {{minutes}} minutes. If this was not you, do nothing: your password is still protected. If the attempts go on, let your administrator know.',
  },
  emailChanged: {
    subject: 'Vitrine: the email of your account was changed',
    changed: 'The email you sign in to Vitrine with was changed from {{old}} to {{new}}.',
    by: 'The change was made by {{actor}} on {{date}}.',
    after: 'From now on, password recovery and account notices go to the new address.',
    notYou: 'If you do not recognize this change, tell an administrator right away.',
  },
  newMessage: {
    subject: 'Vitrine: new message — {{subject}}',
    sent: '{{from}} ({{company}}, {{telephone}}) sent a message through the website:',
    subjectLabel: 'Subject:',
    openText: 'Open it in the admin area: {{link}}',
    openButton: 'Open the message in the admin area',
  },
  webhookDisabled: {
    subject: 'Vitrine: webhook disabled — {{url}}',
    body: 'Every delivery to {{url}} has failed for the last 24 hours, so the endpoint was disabled. New events are not sent to it until someone enables it again.',
    openText: 'See its deliveries and enable it again at: {{link}}',
    openButton: 'Open the webhooks',
  },
  reply: {
    signature: '— {{staff}}, Vitrine',
    quoted: 'On {{date}}, {{name}} wrote:',
  },
  subscription: {
    subject: 'Vitrine: confirm your newsletter subscription',
    intro: 'We received a request to subscribe this email address to the Vitrine weekly newsletter.',
    linkText: 'To confirm, go to: {{link}}',
    button: 'Confirm my subscription',
    validity:
      'The link is valid for {{days}} days and can be used only once. If you did not make this request, just ignore this message: without your confirmation, we will send you nothing.',
  },
  digest: {
    subjectOne: '{{site}}: {{title}}',
    subjectMany: '{{site}}: {{count}} new articles this week',
    heading: 'What we published this week ({{week}})',
    textHeading: '{{site}} — what we published this week ({{week}})',
    readMore: 'Read the article →',
    why: 'You are receiving this email because you subscribed to the {{site}} weekly newsletter.',
    unsubscribe: 'Unsubscribe',
    unsubscribeText: 'Unsubscribe: {{link}}',
    testSubject: '[Test] {{subject}}',
  },
};
