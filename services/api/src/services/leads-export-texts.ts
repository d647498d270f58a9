import { DEFAULT_LOCALE, LEAD_EXPORT_COLUMNS, normalizeLocale, type LeadClassification, type LeadModule, type LeadStatus, type Locale } from '@vitrine/contracts';

/**
 * The leads export's columns: the contracts' list, with the unsubscribe reason after the newsletter state (where the
 * lead's details show it).
 */
export const EXPORT_COLUMNS = [...LEAD_EXPORT_COLUMNS.slice(0, LEAD_EXPORT_COLUMNS.indexOf('newsletter_status') + 1), 'unsubscribe_reason', ...LEAD_EXPORT_COLUMNS.slice(LEAD_EXPORT_COLUMNS.indexOf('newsletter_status') + 1)] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** Where a lead stands with the newsletter, as the leads screen says it (subscribed, cancelled, pending). */
export type NewsletterState = 'active' | 'cancelled' | 'pending';

/** The reasons the screens name: the unsubscribe page's choices, a mail client's one-click unsubscribe, and none given. */
export type ReasonName = 'too-frequent' | 'not-relevant' | 'never-subscribed' | 'other' | 'one-click' | 'unknown';

export interface LeadExportTexts {
  headers: Readonly<Record<ExportColumn, string>>;
  yes: string;
  no: string;
  modules: Readonly<Record<LeadModule, string>>;
  classifications: Readonly<Record<LeadClassification, string>>;
  statuses: Readonly<Record<LeadStatus, string>>;
  newsletter: Readonly<Record<NewsletterState, string>>;
  reasons: Readonly<Record<ReasonName, string>>;
}

/**
 * The export in the requesting person's language: the same words the leads screen shows (its column titles, tags
 * and reasons, the interface's yes and no). The API does not import the screens' texts, so they are written here
 * too; test/routes/leads.test.ts reads the admin's locale files and fails on any difference.
 */
export const LEAD_EXPORT_TEXTS: Readonly<Record<Locale, LeadExportTexts>> = {
  'pt-BR': {
    headers: {
      name: 'Nome',
      email: 'E-mail',
      company: 'Empresa',
      telephone: 'Telefone',
      subject: 'Assunto',
      message: 'Mensagem',
      module: 'Origem',
      classification: 'Classificação',
      status: 'Status',
      newsletter_status: 'Newsletter',
      unsubscribe_reason: 'Motivo do cancelamento',
      is_lead: 'Lead',
      converted_at: 'Convertido em',
      created_at: 'Cadastrado em',
      updated_at: 'Atualizado em',
    },
    yes: 'Sim',
    no: 'Não',
    modules: { contact: 'Contato', newsletter: 'Newsletter' },
    classifications: { hot: 'Quente', warm: 'Morno', cold: 'Frio', none: 'Sem classificação' },
    statuses: { active: 'Ativo', inactive: 'Inativo', deleted: 'Excluído', blackListed: 'Bloqueado', cancelled: 'Cancelado' },
    newsletter: { active: 'Inscrito', cancelled: 'Cancelado', pending: 'Pendente' },
    reasons: {
      'too-frequent': 'Recebe e-mails demais',
      'not-relevant': 'Conteúdo não relevante',
      'never-subscribed': 'Não se inscreveu',
      other: 'Outro motivo',
      'one-click': 'Cancelou com um clique (no programa de e-mail)',
      unknown: 'Motivo não informado',
    },
  },
  'en-US': {
    headers: {
      name: 'Name',
      email: 'Email',
      company: 'Company',
      telephone: 'Telephone',
      subject: 'Subject',
      message: 'Message',
      module: 'Source',
      classification: 'Classification',
      status: 'Status',
      newsletter_status: 'Newsletter',
      unsubscribe_reason: 'Unsubscribe reason',
      is_lead: 'Lead',
      converted_at: 'Converted on',
      created_at: 'Registered on',
      updated_at: 'Updated on',
    },
    yes: 'Yes',
    no: 'No',
    modules: { contact: 'Contact', newsletter: 'Newsletter' },
    classifications: { hot: 'Hot', warm: 'Warm', cold: 'Cold', none: 'Not classified' },
    statuses: { active: 'Active', inactive: 'Inactive', deleted: 'Deleted', blackListed: 'Blacklisted', cancelled: 'Cancelled' },
    newsletter: { active: 'Subscribed', cancelled: 'Cancelled', pending: 'Pending' },
    reasons: {
      'too-frequent': 'Gets too many emails',
      'not-relevant': 'Content not relevant',
      'never-subscribed': 'Never signed up',
      other: 'Other reason',
      'one-click': 'One-click unsubscribe (in the mail app)',
      unknown: 'No reason given',
    },
  },
  'es-ES': {
    headers: {
      name: 'Nombre',
      email: 'Correo electrónico',
      company: 'Empresa',
      telephone: 'Teléfono',
      subject: 'Asunto',
      message: 'Mensaje',
      module: 'Origen',
      classification: 'Clasificación',
      status: 'Estado',
      newsletter_status: 'Boletín',
      unsubscribe_reason: 'Motivo de la baja',
      is_lead: 'Lead',
      converted_at: 'Convertido el',
      created_at: 'Registrado el',
      updated_at: 'Actualizado el',
    },
    yes: 'Sí',
    no: 'No',
    modules: { contact: 'Contacto', newsletter: 'Boletín' },
    classifications: { hot: 'Caliente', warm: 'Templado', cold: 'Frío', none: 'Sin clasificar' },
    statuses: { active: 'Activo', inactive: 'Inactivo', deleted: 'Eliminado', blackListed: 'Bloqueado', cancelled: 'Cancelado' },
    newsletter: { active: 'Suscrito', cancelled: 'Dado de baja', pending: 'Pendiente' },
    reasons: {
      'too-frequent': 'Recibe demasiados correos',
      'not-relevant': 'Contenido no relevante',
      'never-subscribed': 'Nunca se suscribió',
      other: 'Otro motivo',
      'one-click': 'Baja con un clic (desde el programa de correo)',
      unknown: 'Motivo no indicado',
    },
  },
  'fr-FR': {
    headers: {
      name: 'Nom',
      email: 'E-mail',
      company: 'Entreprise',
      telephone: 'Téléphone',
      subject: 'Objet',
      message: 'Message',
      module: 'Origine',
      classification: 'Classification',
      status: 'Statut',
      newsletter_status: 'Newsletter',
      unsubscribe_reason: 'Motif du désabonnement',
      is_lead: 'Prospect',
      converted_at: 'Converti le',
      created_at: 'Enregistré le',
      updated_at: 'Mis à jour le',
    },
    yes: 'Oui',
    no: 'Non',
    modules: { contact: 'Contact', newsletter: 'Newsletter' },
    classifications: { hot: 'Chaud', warm: 'Tiède', cold: 'Froid', none: 'Non classé' },
    statuses: { active: 'Actif', inactive: 'Inactif', deleted: 'Supprimé', blackListed: 'Bloqué', cancelled: 'Annulé' },
    newsletter: { active: 'Abonné', cancelled: 'Désabonné', pending: 'En attente' },
    reasons: {
      'too-frequent': 'Reçoit trop d’e-mails',
      'not-relevant': 'Contenu non pertinent',
      'never-subscribed': 'Ne s’est jamais abonné',
      other: 'Autre motif',
      'one-click': 'Désabonnement en un clic (dans la messagerie)',
      unknown: 'Motif non renseigné',
    },
  },
  'ht-HT': {
    headers: {
      name: 'Non',
      email: 'Email',
      company: 'Antrepriz',
      telephone: 'Telefòn',
      subject: 'Sijè',
      message: 'Mesaj',
      module: 'Orijin',
      classification: 'Klasifikasyon',
      status: 'Estati',
      newsletter_status: 'Bilten',
      unsubscribe_reason: 'Rezon dezabònman',
      is_lead: 'Kontak potansyèl',
      converted_at: 'Dat konvèsyon',
      created_at: 'Dat anrejistreman',
      updated_at: 'Dat mizajou',
    },
    yes: 'Wi',
    no: 'Non',
    modules: { contact: 'Kontak', newsletter: 'Bilten' },
    classifications: { hot: 'Cho', warm: 'Tyèd', cold: 'Frèt', none: 'San klasifikasyon' },
    statuses: { active: 'Aktif', inactive: 'Inaktif', deleted: 'Efase', blackListed: 'Bloke', cancelled: 'Anile' },
    newsletter: { active: 'Abone', cancelled: 'Anile', pending: 'Ap tann' },
    reasons: {
      'too-frequent': 'Resevwa twòp email',
      'not-relevant': 'Kontni an pa enterese l',
      'never-subscribed': 'Pa t janm abone',
      other: 'Lòt rezon',
      'one-click': 'Dezabone ak yon sèl klik (nan aplikasyon email la)',
      unknown: 'Pa gen rezon ki bay',
    },
  },
};

/** The export's language: the one asked for (a tag such as 'en' or 'fr_fr' is mapped to its locale), else pt-BR. */
export function exportLocale(lang: string | undefined): Locale {
  return normalizeLocale(lang) ?? DEFAULT_LOCALE;
}
