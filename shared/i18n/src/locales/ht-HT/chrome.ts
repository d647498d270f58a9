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
    rights: '© {{year}} {{name}}. Tout dwa rezève.',
    privacy: 'Konfidansyalite',
    navigation: 'Navigasyon nan pye paj la',
  },
};
