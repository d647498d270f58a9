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
    rights: '© {{year}} Vitrine. Todos los derechos reservados.',
    privacy: 'Privacidad',
    navigation: 'Navegación del pie de página',
  },
  menu: {
    dashboard: 'Panel',
    users: 'Usuarios',
    'list-of-articles': 'Artículos',
    compose: 'Escribir un artículo',
    'list-of-categories': 'Categorías',
    'settings-profile': 'Mi perfil',
    settings: 'Configuración',
    seo: 'SEO',
    'list-leads': 'Leads',
    'message-received': 'Mensajes recibidos',
    'settings-whatsapp': 'WhatsApp',
    'list-faq': 'Preguntas frecuentes',
    'audit-log': 'Registro de actividad',
  },
  layout: {
    title: 'Área de administración',
    viewSite: 'Ver el sitio',
    menu: 'Menú',
    collapseMenu: 'Contraer menú',
    expandMenu: 'Expandir menú',
    signedInAs: 'Sesión iniciada como {{name}}',
  },
};
