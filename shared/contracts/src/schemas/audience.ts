import { Type } from 'typebox';
import { EMAIL_PATTERN, LIMITS } from '../validation';
import {
  AUDIENCE_LIMITS,
  FAQ_LIMITS,
  IDENTITY_LIMITS,
  LEAD_CLASSIFICATIONS,
  LEAD_MODULES,
  LEAD_SORTS,
  LEAD_STATUS_ACTIONS,
  LEAD_STATUSES,
  MESSAGE_FILTERS,
  NEWSLETTER_LIMITS,
  SITE_LIMITS,
  SOCIAL_NETWORKS,
  NEWSLETTER_STATUSES,
  SUBSCRIPTION_STATES,
  UNSUBSCRIBE_REASONS,
  WELCOME_LIMITS,
  WHATSAPP_LIMITS,
} from '../audience';
import { GUARDED_FORMS, SPAM_REASONS } from '../forms';
import { LOCALE_CODES } from '../locale';
import { Id, Timestamp, Translations } from './common';
import { NullableImage } from './content';

export * from '../audience';

/**
 * Audience: the contact form and the messages it leaves, the leads (contacts and newsletter
 * subscribers) and the site's public contact details. Public calls under /public, staff calls
 * under /message (route message-received) and /lead (route list-leads).
 */

const text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

/** POST /public/contact: a visitor's message. `website` is a trap field people never see (left empty); `elapsed_ms` is how long the form was open. */
export const ContactMessageBody = Type.Object(
  {
    name: text(AUDIENCE_LIMITS.name),
    email: Type.String({ pattern: EMAIL_PATTERN, maxLength: LIMITS.email }),
    company: text(AUDIENCE_LIMITS.company),
    telephone: text(AUDIENCE_LIMITS.telephone),
    subject: text(AUDIENCE_LIMITS.subject),
    message: text(AUDIENCE_LIMITS.message),
    website: Type.Optional(Type.String({ maxLength: 300 })),
    elapsed_ms: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

/** The company's opening hours in the four languages besides pt-BR (site settings 'contact'). */
const SiteHoursTranslationsSchema = Translations(SITE_LIMITS.hours);

/** GET /public/site: the company's public contact details (the contact page, the footer). */
export const SiteContactSchema = Type.Object({
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  /** Opening hours as the company writes them ('Mon–Fri, 9:00–18:00'), in the request's language (`?lang=`, else the vt_lang cookie; pt-BR where not translated). */
  hours: Type.String(),
});

/** The WhatsApp chat button as the public pages get it (null while not configured or turned off). */
export const WhatsappButtonSchema = Type.Object({
  description: Type.String(),
  /** Digits only, as wa.me wants them. */
  phone: Type.String(),
  message: Type.String(),
  /** The button's colour, `#rrggbb` (the default green when the stored one is no hex colour). */
  color: Type.String(),
  /**
   * Its label's and icon's colour: white or near-black, whichever contrasts more with `color` (the API decides it, so
   * no page carries the colour maths).
   */
  text_color: Type.String(),
});

/** One of the company's profiles on a social network (an https address). */
export const SocialLinkSchema = Type.Object({
  network: Type.Enum([...SOCIAL_NETWORKS]),
  url: Type.String({ format: 'uri', maxLength: 300 }),
});

/**
 * The site's identity (site settings 'identity'): its name (titles, Open Graph, JSON-LD, feeds, mails, the
 * header's wordmark) and its logo (an uploaded image's WebP variants; null for the default mark).
 */
export const SiteIdentitySchema = Type.Object({
  name: Type.String(),
  logo: NullableImage,
});

export const SiteInfoSchema = Type.Object({
  /** The site's name and logo (the public chrome, every page's head). */
  identity: SiteIdentitySchema,
  contact: SiteContactSchema,
  /** The company's social profiles (the footer's links), in SOCIAL_NETWORKS order; empty while none is set. */
  social: Type.Array(SocialLinkSchema),
  /** The floating chat button, or null while it is not configured. */
  whatsapp: Type.Union([WhatsappButtonSchema, Type.Null()]),
});

/** A message as the inbox lists it. */
/** What the list and the detail both show of a message: who wrote, about what, when, and its state. */
const messageFields = {
  id: Id,
  unique_key: Type.String(),
  name: Type.String(),
  email: Type.String(),
  company: Type.String(),
  telephone: Type.String(),
  subject: Type.String(),
  read: Type.Boolean(),
  archived: Type.Boolean(),
  /** Why the spam guard held it for review (the trap field filled, sent too fast), or null: a message like any. */
  suspected: Type.Union([Type.Enum([...SPAM_REASONS]), Type.Null()]),
  created_at: Timestamp,
};

export const ReceivedMessageSchema = Type.Object({
  ...messageFields,
  /** The first characters of the message (the list's second line). */
  preview: Type.String(),
  replies: Type.Integer({ minimum: 0 }),
});

export const MessageReplySchema = Type.Object({
  id: Id,
  body: Type.String(),
  author: Type.Union([Type.Object({ id: Id, name: Type.String() }), Type.Null()]),
  /** The reply mail's fate: queued, sent, failed or stored (no SMTP configured). */
  delivery: Type.String(),
  created_at: Timestamp,
});

/** One message with its whole text and the staff's replies, oldest first. */
export const ReceivedMessageDetailSchema = Type.Object({
  ...messageFields,
  message: Type.String(),
  read_at: Type.Union([Timestamp, Type.Null()]),
  replies: Type.Array(MessageReplySchema),
});

/** POST /message/messages-list */
export const MessagesListBody = Type.Object(
  {
    filter: Type.Optional(Type.Enum([...MESSAGE_FILTERS], { default: 'active' })),
    search: Type.Optional(Type.String({ maxLength: LIMITS.search })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  },
  { additionalProperties: false },
);

/** GET /message/messages-count: the inbox's counters (the menu's badge is `unread`). */
export const MessageCountsSchema = Type.Object({
  unread: Type.Integer({ minimum: 0 }),
  active: Type.Integer({ minimum: 0 }),
  archived: Type.Integer({ minimum: 0 }),
  /** Held by the spam guard for review (not archived). */
  suspected: Type.Integer({ minimum: 0 }),
});

/** GET /message/spam-guard: what the spam guard doubted in the last `days` days, per form and reason (none left out: zeros too). */
export const SpamGuardCountsSchema = Type.Object({
  days: Type.Integer({ minimum: 1 }),
  counts: Type.Array(Type.Object({ form: Type.Enum([...GUARDED_FORMS]), reason: Type.Enum([...SPAM_REASONS]), count: Type.Integer({ minimum: 0 }) })),
});

/** PUT /message/message-archive/{id}/{unique_key} */
export const MessageArchiveBody = Type.Object({ archived: Type.Boolean() }, { additionalProperties: false });
/** PUT /message/message-read/{id}/{unique_key} */
export const MessageReadBody = Type.Object({ read: Type.Boolean() }, { additionalProperties: false });
/** POST /message/message-reply/{id}/{unique_key} */
export const MessageReplyBody = Type.Object({ body: text(AUDIENCE_LIMITS.reply) }, { additionalProperties: false });

/** `{id}/{unique_key}` of a message (random keys, not slugs). */
export const MessageParams = Type.Object(
  { id: Id, unique_key: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);

/** POST /public/newsletter: subscribe (double opt-in: a confirmation mail follows). */
export const NewsletterSubscribeBody = Type.Object(
  {
    email: Type.String({ pattern: EMAIL_PATTERN, maxLength: LIMITS.email }),
    name: Type.Optional(Type.String({ maxLength: AUDIENCE_LIMITS.name })),
    website: Type.Optional(Type.String({ maxLength: 300 })),
    elapsed_ms: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

/** GET /public/newsletter/subscription/{id}/{unique_key}: what the unsubscribe page shows. */
export const NewsletterSubscriptionSchema = Type.Object({
  /** Partly hidden ('jo•••@cliente.com.br'): the link may be forwarded. */
  email: Type.String(),
  state: Type.Enum(SUBSCRIPTION_STATES),
});

/** POST /public/newsletter/unsubscribe/{id}/{unique_key} */
export const NewsletterUnsubscribeBody = Type.Object(
  {
    reason: Type.Enum(UNSUBSCRIBE_REASONS),
    details: Type.Optional(Type.String({ maxLength: NEWSLETTER_LIMITS.unsubscribeDetails })),
  },
  { additionalProperties: false },
);

/** `{id}/{unique_key}` of a subscription, and `{id}/{token}` of a confirmation link. */
export const LeadParams = MessageParams;
export const ConfirmParams = Type.Object(
  { id: Id, token: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);

/** A week's digest as the admin lists it (GET /newsletter/digests). */
export const DigestSendSchema = Type.Object({
  id: Id,
  week: Type.String(),
  /** sending (deliveries left), done, or empty (nothing was published that week: nothing sent). */
  status: Type.String(),
  subject: Type.String(),
  articles: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
  sent: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  queued: Type.Integer({ minimum: 0 }),
  created_at: Timestamp,
  finished_at: Type.Union([Timestamp, Type.Null()]),
});

export const DigestFailureSchema = Type.Object({ email: Type.String(), attempts: Type.Integer(), last_error: Type.Union([Type.String(), Type.Null()]) });

/** GET /newsletter/digest-preview: the next digest as it stands now. */
export const DigestPreviewSchema = Type.Object({
  subject: Type.String(),
  html: Type.String(),
  articles: Type.Integer({ minimum: 0 }),
  recipients: Type.Integer({ minimum: 0 }),
});

/** GET and PUT /newsletter/settings: the send day (0 = Sunday), hour, time zone and rate. */
export const DigestSettingsSchema = Type.Object(
  {
    day: Type.Integer({ minimum: 0, maximum: 6 }),
    hour: Type.Integer({ minimum: 0, maximum: 23 }),
    timeZone: Type.String({ minLength: 1, maxLength: 64 }),
    ratePerSecond: Type.Integer({ minimum: 1, maximum: 500 }),
  },
  { additionalProperties: false },
);

/** One language's welcome mail: its subject (one line) and its body (plain text, paragraphs separated by a blank line). */
export const WelcomeTextSchema = Type.Object(
  { subject: Type.String({ maxLength: WELCOME_LIMITS.subject }), body: Type.String({ maxLength: WELCOME_LIMITS.body }) },
  { additionalProperties: false },
);

/** The welcome mail's texts by language: only the five codes; pt-BR required, any other may be left out (it gets pt-BR's). */
export const WelcomeTextsSchema = Type.Object(
  {
    'pt-BR': Type.Optional(WelcomeTextSchema),
    'en-US': Type.Optional(WelcomeTextSchema),
    'es-ES': Type.Optional(WelcomeTextSchema),
    'fr-FR': Type.Optional(WelcomeTextSchema),
    'ht-HT': Type.Optional(WelcomeTextSchema),
  },
  { additionalProperties: false },
);

/** GET and PUT /newsletter/welcome (route settings): whether a confirmed subscriber is welcomed, and with what. */
export const WelcomeSettingsSchema = Type.Object({ enabled: Type.Boolean(), texts: WelcomeTextsSchema }, { additionalProperties: false });

/** POST /newsletter/welcome-preview: the texts as typed (saved or not), and the subscriber's language to see the mail in. */
export const WelcomePreviewBody = Type.Object({ locale: Type.Enum([...LOCALE_CODES]), texts: WelcomeTextsSchema }, { additionalProperties: false });

/**
 * The welcome mail as that subscriber would get it: its subject and its two parts (named as the outbox names them);
 * `locale` is the language it is written in, `fallback` says theirs has no text, so it is the pt-BR mail.
 */
export const WelcomePreviewSchema = Type.Object({
  locale: Type.Enum([...LOCALE_CODES]),
  fallback: Type.Boolean(),
  subject: Type.String(),
  html_body: Type.String(),
  text_body: Type.String(),
});

/** A lead as staff list it (contacts and newsletter subscribers). */
export const LeadSchema = Type.Object({
  id: Id,
  unique_key: Type.String(),
  module: Type.Enum([...LEAD_MODULES]),
  name: Type.String(),
  email: Type.String(),
  company: Type.String(),
  telephone: Type.String(),
  subject: Type.String(),
  message: Type.String(),
  classification: Type.Enum([...LEAD_CLASSIFICATIONS]),
  status: Type.Enum([...LEAD_STATUSES]),
  newsletter_status: Type.Union([Type.Enum([...NEWSLETTER_STATUSES]), Type.Null()]),
  /** Newsletter: the confirmation link was opened. */
  confirmed: Type.Boolean(),
  is_lead: Type.Boolean(),
  converted_at: Type.Union([Timestamp, Type.Null()]),
  unsubscribe_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
});

const leadFilterFields = {
  module: Type.Optional(Type.Enum([...LEAD_MODULES])),
  classification: Type.Optional(Type.Enum([...LEAD_CLASSIFICATIONS])),
  status: Type.Optional(Type.Enum([...LEAD_STATUSES])),
  newsletter_status: Type.Optional(Type.Enum([...NEWSLETTER_STATUSES])),
  is_lead: Type.Optional(Type.Boolean()),
  /** Registered on or after this day / up to and including this day (YYYY-MM-DD, São Paulo time). */
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
  search: Type.Optional(Type.String({ maxLength: LIMITS.search })),
};

/** POST /lead/leads-list */
export const LeadsListBody = Type.Object(
  {
    ...leadFilterFields,
    sort: Type.Optional(Type.Enum([...LEAD_SORTS], { default: 'created_at' })),
    order: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  },
  { additionalProperties: false },
);

/** GET /lead/leads-export?… (the same filters as the list, plus the file's base name and the header row's language) */
export const LeadsExportQuery = Type.Object(
  {
    ...leadFilterFields,
    is_lead: Type.Optional(Type.Boolean()),
    base: Type.Optional(Type.String({ maxLength: 60, pattern: '^[A-Za-z0-9_-]+$' })),
    lang: Type.Optional(Type.String({ maxLength: 10 })),
  },
  { additionalProperties: false },
);

export const LeadClassificationBody = Type.Object({ classification: Type.Enum([...LEAD_CLASSIFICATIONS]) }, { additionalProperties: false });
export const LeadStatusBody = Type.Object({ status: Type.Enum([...LEAD_STATUS_ACTIONS]) }, { additionalProperties: false });
export const LeadMarkBody = Type.Object({ is_lead: Type.Boolean() }, { additionalProperties: false });

/** GET /lead/unsubscribe-reasons?from&to */
export const UnsubscribeReasonsQuery = Type.Object(
  { from: Type.Optional(Type.String({ format: 'date' })), to: Type.Optional(Type.String({ format: 'date' })) },
  { additionalProperties: false },
);
export const UnsubscribeReasonCountSchema = Type.Object({ reason: Type.String(), count: Type.Integer({ minimum: 0 }) });

/** POST /lead/person-data and /lead/person-erase: one person's data, by email. */
export const PersonBody = Type.Object({ email: Type.String({ pattern: EMAIL_PATTERN, maxLength: LIMITS.email }) }, { additionalProperties: false });

/** GET and PUT /settings/whatsapp (route settings-whatsapp). */
export const WhatsappSettingsSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    description: Type.String({ maxLength: WHATSAPP_LIMITS.description }),
    phone: Type.String({ maxLength: WHATSAPP_LIMITS.phone }),
    message: Type.String({ maxLength: WHATSAPP_LIMITS.message }),
    color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
  },
  { additionalProperties: false },
);

const siteContactBody = Type.Object(
  {
    name: Type.String({ maxLength: SITE_LIMITS.name }),
    email: Type.String({ maxLength: SITE_LIMITS.email }),
    phone: Type.String({ maxLength: SITE_LIMITS.phone }),
    address: Type.String({ maxLength: SITE_LIMITS.address }),
    /** The opening hours in pt-BR: what every language shows where it has no translation of its own. */
    hours: Type.String({ maxLength: SITE_LIMITS.hours }),
    /**
     * The opening hours in the other languages (docs/decisions/i18n.md, "Translated content"): each optional, a blank
     * or missing one falls back to `hours`. GET always answers it; a PUT with it replaces every translation, a PUT
     * without it (a screen that predates it) keeps them. GET /public/site answers `hours` in the request's language.
     */
    hours_translations: Type.Optional(SiteHoursTranslationsSchema),
  },
  { additionalProperties: false },
);
const socialBody = Type.Array(
  Type.Object({ network: Type.Enum([...SOCIAL_NETWORKS]), url: Type.String({ maxLength: SITE_LIMITS.url }) }, { additionalProperties: false }),
  { maxItems: SOCIAL_NETWORKS.length },
);

/**
 * GET /settings/site and the answer of PUT (route settings, tab "site"): the site's identity (name and logo),
 * and the company's contact details and social profiles, shown by the public footer, the contact page and its
 * structured data.
 */
export const SiteSettingsSchema = Type.Object({
  identity: SiteIdentitySchema,
  contact: siteContactBody,
  social: socialBody,
});

/**
 * PUT /settings/site. `identity` (optional: a screen that predates it leaves it as it is): the name is required
 * (at most IDENTITY_LIMITS.name characters once trimmed), the logo an image id from /upload/image of at most
 * IDENTITY_LIMITS.logoBytes, or null for the default mark. Contact fields may be blank (left out on the site);
 * an email must be an email and a profile an https address (the service says which one not).
 */
export const SiteSettingsBody = Type.Object(
  {
    identity: Type.Optional(
      Type.Object(
        {
          name: Type.String({ maxLength: IDENTITY_LIMITS.name }),
          logo_id: Type.Union([Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }), Type.Null()]),
        },
        { additionalProperties: false },
      ),
    ),
    contact: siteContactBody,
    social: socialBody,
  },
  { additionalProperties: false },
);

const faqEntryFields = {
  id: Id,
  product: Type.String(),
  /** Stable anchor of the answer: /faq/{product}#{slug}. */
  slug: Type.String(),
  question: Type.String(),
  answer: Type.String(),
  position: Type.Integer(),
  active: Type.Boolean(),
};

/**
 * An FAQ entry as the public page shows it (active ones; the answer is plain text, paragraphs separated by blank
 * lines): product, question and answer in the request's language, each falling back to pt-BR.
 */
export const PublicFaqEntrySchema = Type.Object(faqEntryFields);

/** An FAQ entry's product name, question and answer in the other languages (docs/decisions/i18n.md, "Translated content"). */
export const FaqProductNamesSchema = Translations(FAQ_LIMITS.product);
export const FaqQuestionsSchema = Translations(FAQ_LIMITS.question);
export const FaqAnswersSchema = Translations(FAQ_LIMITS.answer);

/**
 * One FAQ entry as staff edit it: `product`, `question` and `answer` are pt-BR; the other languages' texts are in
 * `product_names` (the product's, the same on every entry of the product), `questions` and `answers` (only those given).
 */
export const FaqEntrySchema = Type.Object({
  ...faqEntryFields,
  product_names: FaqProductNamesSchema,
  questions: FaqQuestionsSchema,
  answers: FaqAnswersSchema,
});

/**
 * GET /public/faq: the products (slug and name) and their active questions, in order, in the request's language
 * (`?lang=`, else the vt_lang cookie, else pt-BR) with the pt-BR fallback; `lang` says which (absent from an API
 * older than the translations). The slugs are the pt-BR ones in every language (links stay the same).
 */
export const FaqPageSchema = Type.Object({
  lang: Type.Optional(Type.String()),
  products: Type.Array(Type.Object({ slug: Type.String(), name: Type.String(), entries: Type.Array(PublicFaqEntrySchema) })),
});

const faqFields = {
  product: Type.String({ minLength: 1, maxLength: FAQ_LIMITS.product }),
  question: Type.String({ minLength: 1, maxLength: FAQ_LIMITS.question }),
  answer: Type.String({ minLength: 1, maxLength: FAQ_LIMITS.answer }),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  active: Type.Optional(Type.Boolean()),
  /**
   * Each replaces that text's translations when given (blank = not translated). `product_names` is the product's:
   * saved on every entry of the product. A language's question and answer are translated together (both or neither).
   */
  product_names: Type.Optional(FaqProductNamesSchema),
  questions: Type.Optional(FaqQuestionsSchema),
  answers: Type.Optional(FaqAnswersSchema),
};
/** POST /faq/entry */
export const FaqCreateBody = Type.Object(faqFields, { additionalProperties: false });
/** PUT /faq/entry/{id} */
export const FaqUpdateBody = Type.Partial(Type.Object(faqFields), { additionalProperties: false, minProperties: 1 });
