import type { Messages } from '../../types';
import type { chrome as source } from '../pt-BR/chrome';

export const chrome: Messages<typeof source> = {
  nav: {
    dashboard: 'Tableau de bord',
    label: 'Navigation principale',
    skipToContent: 'Aller au contenu',
    home: 'Accueil',
    blog: 'Blog',
    contact: 'Contact',
    faq: 'Questions fréquentes',
    signIn: 'Se connecter',
    product: 'RC Sistem I',
    menu: 'Menu',
    feed: 'RSS',
  },
  footer: {
    tagline: 'Contenu et présence numérique pour les entreprises qui veulent marquer les esprits.',
    company: 'Entreprise',
    resources: 'Contenu',
    rights: '© {{year}} {{name}}. Tous droits réservés.',
    privacy: 'Confidentialité',
    navigation: 'Navigation du pied de page',
  },
};
