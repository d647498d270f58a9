/** The shell's own chrome: the public header and footer, the admin menu and layout. */
export const chrome = {
  nav: {
    dashboard: 'Painel',
    label: 'Navegação principal',
    skipToContent: 'Pular para o conteúdo',
    home: 'Início',
    blog: 'Blog',
    contact: 'Contato',
    faq: 'Perguntas frequentes',
    signIn: 'Entrar',
    product: 'RC Sistem I',
    menu: 'Menu',
    feed: 'RSS',
  },
  footer: {
    tagline: 'Conteúdo e presença digital para empresas que querem ser lembradas.',
    company: 'Empresa',
    resources: 'Conteúdo',
    rights: '© {{year}} {{name}}. Todos os direitos reservados.',
    privacy: 'Privacidade',
    navigation: 'Navegação do rodapé',
  },
};
