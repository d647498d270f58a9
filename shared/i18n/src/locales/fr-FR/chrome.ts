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
    rights: '© {{year}} Vitrine. Tous droits réservés.',
    privacy: 'Confidentialité',
    navigation: 'Navigation du pied de page',
  },
  menu: {
    dashboard: 'Tableau de bord',
    users: 'Utilisateurs',
    'list-of-articles': 'Articles',
    compose: 'Rédiger un article',
    'list-of-categories': 'Catégories',
    'settings-profile': 'Mon profil',
    settings: 'Paramètres',
    seo: 'SEO',
    'list-leads': 'Prospects',
    'message-received': 'Messages reçus',
    'settings-whatsapp': 'WhatsApp',
    'list-faq': 'Questions fréquentes',
    'audit-log': 'Journal d’activité',
  },
  layout: {
    title: 'Espace d’administration',
    viewSite: 'Voir le site',
    menu: 'Menu',
    collapseMenu: 'Réduire le menu',
    expandMenu: 'Développer le menu',
    signedInAs: 'Connecté en tant que {{name}}',
  },
};
