import type { Queryable } from './db';
import { uniqueKey } from './lib/security';
import * as siteSettings from './repositories/site-settings';

/** Demo contact messages: who wrote, about what, how long ago (hours), and whether staff have read it. */
const DEMO_MESSAGES = [
  { name: 'Juliana Prado', email: 'juliana.prado@exemplo.com.br', company: 'Prado Arquitetura', telephone: '+55 11 98123-4567', subject: 'Orçamento para um site novo', body: 'Olá! Somos um escritório de arquitetura com 12 pessoas e queremos um site com portfólio e blog.\nVocês conseguem nos enviar um orçamento e um prazo estimado?\n\nObrigada,\nJuliana', hours: 3, read: false },
  { name: 'Marcos Teixeira', email: 'marcos@padariateixeira.com.br', company: 'Padaria Teixeira', telephone: '+55 21 99876-1122', subject: 'Newsletter para clientes', body: 'Bom dia. Gostaria de entender como funciona a newsletter semanal e se posso usar para divulgar promoções da padaria.', hours: 26, read: false },
  { name: 'Renata Alves', email: 'renata.alves@contabilra.com.br', company: 'RA Contabilidade', telephone: '+55 31 3222-9090', subject: 'Parceria de conteúdo', body: 'Escrevo artigos sobre gestão financeira para pequenas empresas e gostaria de propor uma parceria de conteúdo para o blog de vocês.', hours: 50, read: true },
];

/** Demo newsletter subscribers: confirmed, one waiting for confirmation, one who left with a reason. */
const DEMO_SUBSCRIBERS = [
  { email: 'leitora.assidua@exemplo.com.br', name: 'Carla Nunes', state: 'active' },
  { email: 'gestor.ti@exemplo.com.br', name: 'Paulo Mendes', state: 'active' },
  { email: 'aguardando@exemplo.com.br', name: '', state: 'pending' },
  { email: 'saiu.da.lista@exemplo.com.br', name: 'Tiago Rocha', state: 'cancelled' },
] as const;

/** The demo company's social profiles (the public footer's links). */
const DEMO_SOCIAL = [
  { network: 'instagram', url: 'https://www.instagram.com/vitrine.demo' },
  { network: 'linkedin', url: 'https://www.linkedin.com/company/vitrine-demo' },
  { network: 'youtube', url: 'https://www.youtube.com/@vitrine-demo' },
] as const;

/** The demo's audience: an inbox with unread messages, their contact leads, a few subscribers and the social links (first start only). */
export async function seedDemoAudience(db: Queryable): Promise<void> {
  await siteSettings.save(db, 'social', [...DEMO_SOCIAL]);
  for (const m of DEMO_MESSAGES) {
    const at = new Date(Date.now() - m.hours * 3_600_000);
    const [lead] = await db.query<{ id: string }>(
      `INSERT INTO leads (unique_key, module, email, name, company, telephone, subject, message, classification, created_at, updated_at)
       VALUES ($1, 'contact', $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id::text AS id`,
      [uniqueKey(), m.email, m.name, m.company, m.telephone, m.subject, m.body, m.read ? 'warm' : 'none', at],
    );
    await db.query(
      `INSERT INTO messages (unique_key, lead_id, name, email, company, telephone, subject, body, locale, read_at, notified_at, created_at)
       VALUES ($1, $2::bigint, $3, $4, $5, $6, $7, $8, 'pt-BR', $9, $10, $10)`,
      [uniqueKey(), lead?.id, m.name, m.email, m.company, m.telephone, m.subject, m.body, m.read ? at : null, at],
    );
  }
  for (const [i, s] of DEMO_SUBSCRIBERS.entries()) {
    const at = new Date(Date.now() - (i + 2) * 86_400_000);
    await db.query(
      `INSERT INTO leads (unique_key, module, email, name, newsletter_status, confirmed_at, unsubscribe_reason, unsubscribed_at, created_at, updated_at)
       VALUES ($1, 'newsletter', $2, $3, $4, $5, $6, $7, $8, $8)`,
      [
        uniqueKey(),
        s.email,
        s.name,
        s.state === 'pending' ? null : s.state,
        s.state === 'pending' ? null : at,
        s.state === 'cancelled' ? 'too-frequent' : null,
        s.state === 'cancelled' ? new Date(at.getTime() + 86_400_000) : null,
        at,
      ],
    );
  }
}

/** Demo FAQ: questions of the systems product, of the site and of the newsletter. */
const DEMO_FAQ: { product: string; slug: string; question: string; answer: string }[] = [
  { product: 'RC Sistem I', slug: 'o-que-e-o-rc-sistem-i', question: 'O que é o RC Sistem I?', answer: 'O RC Sistem I é o sistema de gestão da Vitrine para pequenas e médias empresas: vendas, estoque, financeiro e atendimento em um só lugar, no navegador e no celular.' },
  { product: 'RC Sistem I', slug: 'preciso-instalar-alguma-coisa', question: 'Preciso instalar alguma coisa?', answer: 'Não. O RC Sistem I roda na nuvem: basta um navegador atualizado. Seus dados ficam em servidores no Brasil, com cópias de segurança diárias.' },
  { product: 'RC Sistem I', slug: 'posso-importar-meus-dados', question: 'Posso importar meus dados de outro sistema?', answer: 'Sim. Importamos clientes, produtos e saldos de planilhas (CSV ou Excel) e dos sistemas mais usados do mercado.\n\nA equipe de implantação acompanha a primeira importação com você.' },
  { product: 'RC Sistem I', slug: 'quanto-custa', question: 'Quanto custa?', answer: 'Os planos são mensais, por número de usuários, sem taxa de implantação. Fale com a gente pelo formulário de contato para receber uma proposta.' },
  { product: 'Sites e blog', slug: 'quanto-tempo-leva-um-site-novo', question: 'Quanto tempo leva para um site novo ficar pronto?', answer: 'Um site institucional com blog fica pronto em quatro a seis semanas, contando com a revisão dos textos e das imagens pela sua equipe.' },
  { product: 'Sites e blog', slug: 'eu-mesmo-posso-publicar-artigos', question: 'Eu mesmo posso publicar artigos?', answer: 'Sim. A área administrativa tem um editor de artigos com imagens, categorias, rascunhos e agendamento; qualquer pessoa da equipe com acesso publica em minutos.' },
  { product: 'Newsletter', slug: 'com-que-frequencia-a-newsletter-chega', question: 'Com que frequência a newsletter chega?', answer: 'Uma vez por semana, às segundas-feiras de manhã, com os artigos publicados na semana. Se não houver artigo novo, não enviamos nada.' },
  { product: 'Newsletter', slug: 'como-cancelo-a-inscricao', question: 'Como cancelo a inscrição?', answer: 'Todo e-mail da newsletter traz um link "Cancelar a inscrição" no rodapé. O cancelamento vale na hora, e você pode voltar quando quiser.' },
];

export async function seedDemoFaq(db: Queryable): Promise<void> {
  for (const [position, entry] of DEMO_FAQ.entries()) {
    await db.query('INSERT INTO faq_entries (product, slug, question, answer, position) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (slug) DO NOTHING', [
      entry.product,
      entry.slug,
      entry.question,
      entry.answer,
      position,
    ]);
  }
}
