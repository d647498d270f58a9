import type { Messages } from '../../types';
import type { chrome as source } from '../pt-BR/chrome';

export const chrome: Messages<typeof source> = {
  nav: {
    dashboard: 'Tablo de bò',
    label: 'Navigasyon prensipal',
    skipToContent: 'Ale dirèkteman nan kontni an',
    home: 'Akèy',
    blog: 'Blog',
    contact: 'Kontak',
    faq: 'Kesyon yo poze souvan',
    signIn: 'Konekte',
    product: 'RC Sistem I',
    menu: 'Meni',
    feed: 'RSS',
  },
  footer: {
    tagline: 'Kontni ak prezans nimerik pou antrepriz ki vle moun sonje yo.',
    company: 'Antrepriz',
    resources: 'Kontni',
    rights: '© {{year}} Vitrine. Tout dwa rezève.',
    privacy: 'Konfidansyalite',
    navigation: 'Navigasyon nan pye paj la',
  },
  menu: {
    dashboard: 'Tablo de bò',
    users: 'Itilizatè',
    'list-of-articles': 'Atik',
    compose: 'Ekri yon atik',
    'list-of-categories': 'Kategori',
    'settings-profile': 'Pwofil mwen',
    settings: 'Paramèt',
    seo: 'SEO',
    'list-leads': 'Kontak potansyèl',
    'message-received': 'Mesaj resevwa',
    'settings-whatsapp': 'WhatsApp',
    'list-faq': 'Kesyon yo poze souvan',
    'audit-log': 'Jounal aktivite',
  },
  layout: {
    title: 'Espas administrasyon',
    viewSite: 'Wè sit la',
    menu: 'Meni',
    collapseMenu: 'Redui meni an',
    expandMenu: 'Elaji meni an',
    signedInAs: 'Konekte kòm {{name}}',
  },
};
