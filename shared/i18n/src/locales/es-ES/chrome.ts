import type { Messages } from '../../types';
import type { chrome as source } from '../pt-BR/chrome';

export const chrome: Messages<typeof source> = {
  nav: {
    dashboard: 'Panel',
    label: 'Navegación principal',
    skipToContent: 'Saltar al contenido',
    home: 'Inicio',
    blog: 'Blog',
    contact: 'Contacto',
    faq: 'Preguntas frecuentes',
    signIn: 'Iniciar sesión',
    product: 'RC Sistem I',
    menu: 'Menú',
    feed: 'RSS',
  },
  footer: {
    tagline: 'Contenido y presencia digital para empresas que quieren que las recuerden.',
    company: 'Empresa',
    resources: 'Contenido',
    rights: '© {{year}} {{name}}. Todos los derechos reservados.',
    privacy: 'Privacidad',
    navigation: 'Navegación del pie de página',
  },
};
