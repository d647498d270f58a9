import type { Messages } from '../../types';
import type { chrome as source } from '../pt-BR/chrome';

export const chrome: Messages<typeof source> = {
  nav: {
    dashboard: 'Dashboard',
    label: 'Main navigation',
    skipToContent: 'Skip to content',
    home: 'Home',
    blog: 'Blog',
    contact: 'Contact',
    faq: 'FAQ',
    signIn: 'Sign in',
    product: 'RC Sistem I',
    menu: 'Menu',
    feed: 'RSS',
  },
  footer: {
    tagline: 'Content and digital presence for companies that want to be remembered.',
    company: 'Company',
    resources: 'Content',
    rights: '© {{year}} {{name}}. All rights reserved.',
    privacy: 'Privacy',
    navigation: 'Footer navigation',
  },
};
