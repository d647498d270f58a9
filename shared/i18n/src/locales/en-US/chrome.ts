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
    rights: '© {{year}} Vitrine. All rights reserved.',
    privacy: 'Privacy',
    navigation: 'Footer navigation',
  },
  menu: {
    dashboard: 'Dashboard',
    users: 'Users',
    'list-of-articles': 'Articles',
    compose: 'Write an article',
    'list-of-categories': 'Categories',
    'settings-profile': 'My profile',
    settings: 'Settings',
    seo: 'SEO',
    'list-leads': 'Leads',
    'message-received': 'Received messages',
    'settings-whatsapp': 'WhatsApp',
    'list-faq': 'FAQ',
    'audit-log': 'Audit log',
  },
  layout: {
    title: 'Back office',
    viewSite: 'View the site',
    menu: 'Menu',
    collapseMenu: 'Collapse menu',
    expandMenu: 'Expand menu',
    signedInAs: 'Signed in as {{name}}',
  },
};
