import { LIMITS } from './validation';

/**
 * Audience constants, free of typebox so screens can import them from the package index:
 * the leads' modules, classifications and statuses, field sizes, texts and the inbox filters.
 */

export const LEAD_MODULES = ['contact', 'newsletter'] as const;
export type LeadModule = (typeof LEAD_MODULES)[number];
export const LEAD_CLASSIFICATIONS = ['none', 'cold', 'warm', 'hot'] as const;
export type LeadClassification = (typeof LEAD_CLASSIFICATIONS)[number];
export const LEAD_STATUSES = ['active', 'inactive', 'deleted', 'blackListed', 'cancelled'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const NEWSLETTER_STATUSES = ['active', 'cancelled'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const AUDIENCE_LIMITS = {
  name: LIMITS.name,
  company: 120,
  telephone: LIMITS.phone,
  subject: 160,
  message: 5000,
  reply: 10_000,
  /**
   * Below this many milliseconds between the form's display and its sending, a person rarely filled it in: the
   * spam guard doubts it (a message is held for review, a sign-up is still mailed its confirmation link).
   */
  minFillMs: 3000,
} as const;

/** The fixed texts of the contact form's required fields (the API's field errors; the screens translate by field). */
export const AUDIENCE_FIELD_MESSAGES = {
  company: 'Company is required',
  telephone: 'Contact phone is required',
  subject: 'Subject is required',
  message: 'Message is required',
} as const;

export const AUDIENCE_SUCCESS_MESSAGES = {
  MESSAGE_SENT: 'Message sent successfully',
  MESSAGE_ARCHIVED: 'Message archived',
  MESSAGE_UNARCHIVED: 'Message moved back to the inbox',
  MESSAGE_DELETED: 'Message deleted',
  REPLY_SENT: 'Reply sent',
  MESSAGE_NOT_SPAM: 'Message moved to the inbox',
} as const;

/** The inbox's filters; 'suspected' holds what the spam guard kept for review (the others leave it out). */
export const MESSAGE_FILTERS = ['active', 'unread', 'read', 'archived', 'suspected'] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];

/** Why a subscriber leaves (the unsubscribe page's choices; 'one-click' is a mail client's List-Unsubscribe). */
export const UNSUBSCRIBE_REASONS = ['too-frequent', 'not-relevant', 'never-subscribed', 'other'] as const;
export type UnsubscribeReason = (typeof UNSUBSCRIBE_REASONS)[number];

/** A subscription as its owner sees it: pending until the confirmation link is opened. */
export const SUBSCRIPTION_STATES = ['pending', 'active', 'cancelled'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** Where the confirmation link lands: `/unsubscribe-newsletter/{key}/{id}?status=…` (invalid: no key). */
export const CONFIRMATION_RESULTS = ['confirmed', 'reactivated', 'invalid'] as const;
export type ConfirmationResult = (typeof CONFIRMATION_RESULTS)[number];

export const NEWSLETTER_SUCCESS_MESSAGES = {
  CONFIRMATION_SENT: 'Check your inbox to confirm your subscription',
  SUBSCRIBED: 'Subscription confirmed',
  REACTIVATED: 'Email already registered. Status updated to active.',
  UNSUBSCRIBED: 'You have been unsubscribed from the newsletter',
} as const;

export const NEWSLETTER_LIMITS = { unsubscribeDetails: 500 } as const;

/**
 * The welcome mail a confirmed subscriber gets (site settings 'welcome', docs/decisions/audience.md): per language a
 * subject (one line) and a body (plain text, paragraphs separated by a blank line). pt-BR is required: a language
 * without a text of its own gets the pt-BR mail.
 */
export const WELCOME_LIMITS = { subject: 150, body: 5000 } as const;
/** What a welcome text may hold in braces, filled in when the mail is written: `{site}`, the site's name. */
export const WELCOME_PLACEHOLDERS = ['site'] as const;
export const WELCOME_SUCCESS_MESSAGE = 'Welcome mail saved';

/** The `{word}` placeholders of a welcome text that are not WELCOME_PLACEHOLDERS (a typo such as `{nome}`), each once, in order. */
export function unknownWelcomePlaceholders(text: string): string[] {
  const known: readonly string[] = WELCOME_PLACEHOLDERS;
  const found = [...text.matchAll(/\{\s*([^{}\s]*)\s*\}/g)].map((match) => match[1] ?? '').filter((name) => !known.includes(name));
  return [...new Set(found)].map((name) => `{${name}}`);
}

/** Status actions staff take on a lead (activate, blacklist, delete; inactive for a pause). */
export const LEAD_STATUS_ACTIONS = ['active', 'inactive', 'blackListed', 'deleted'] as const;
export type LeadStatusAction = (typeof LEAD_STATUS_ACTIONS)[number];
export const LEAD_SORTS = ['created_at', 'updated_at', 'name', 'email'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

export const LEAD_SUCCESS_MESSAGES = {
  CLASSIFIED: 'Classification updated',
  STATUS_CHANGED: 'Status changed successfully',
  MARKED: 'Marked as lead',
  UNMARKED: 'No longer marked as lead',
  CONVERTED: 'Lead converted',
  CONTACT_DELETED: 'Contact deleted successfully',
  ERASED: 'Personal data erased',
} as const;

/** The CSV export's columns, in order (the file is semicolon-separated UTF-8; the header row is translated by the screen's language). */
export const LEAD_EXPORT_COLUMNS = [
  'name',
  'email',
  'company',
  'telephone',
  'subject',
  'message',
  'module',
  'classification',
  'status',
  'newsletter_status',
  'is_lead',
  'converted_at',
  'created_at',
  'updated_at',
] as const;

/** The social networks the public footer links to, in the order it shows them (site settings 'social'). */
export const SOCIAL_NETWORKS = ['instagram', 'linkedin', 'facebook', 'youtube', 'x', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The company's public details as the settings screen edits them (site settings 'contact' and 'social'). */
export const SITE_LIMITS = { name: 80, email: 254, phone: 30, address: 200, hours: 120, url: 300 } as const;
export const SITE_SUCCESS_MESSAGE = 'Site settings saved';

/**
 * The site's identity (site settings 'identity', docs/decisions/site-identity.md): its name, in every title,
 * feed and mail, and its logo, in the public header. The name is required; the logo is an image uploaded through
 * /upload/image (the types that pipeline reads) of at most `logoBytes`.
 */
export const IDENTITY_LIMITS = { name: 80, logoBytes: 2 * 1024 * 1024 } as const;
/** The image types a logo may be sent as (the upload pipeline's, read from the bytes; it stores WebP). */
export const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
/** The site's name until one is saved, and on pages that carry no identity (sign-in, not-found). */
export const DEFAULT_SITE_NAME = 'Vitrine';
export const IDENTITY_FIELD_MESSAGES = {
  name: 'Site name is required',
  logoMissing: 'Image not found',
  logoTooLarge: 'The logo must be 2 MiB or smaller',
} as const;

/** The WhatsApp chat button's settings and their limits: message description, contact phone, message, button colour. */
export const WHATSAPP_LIMITS = { description: 120, message: 500, phone: 30 } as const;
/** International format once spaces, dashes, dots and parentheses are dropped: '+', country code, number. */
export const WHATSAPP_PHONE_PATTERN = '^\\+[1-9][0-9]{7,14}$';
export const WHATSAPP_FIELD_MESSAGES = {
  phone: 'Contact phone is required',
  message: 'Message is required',
} as const;
export const WHATSAPP_SUCCESS_MESSAGE = 'WhatsApp settings saved';

export const FAQ_LIMITS = { product: 60, question: 200, answer: 4000 } as const;
export const FAQ_SUCCESS_MESSAGES = { CREATED: 'FAQ entry created', UPDATED: 'FAQ entry updated', DELETED: 'FAQ entry deleted' } as const;

/** An SEO entry's bounds (SeoCreateBody): its name, and its head markup and its body markup each. */
export const SEO_LIMITS = { name: 120, markup: 20000 } as const;

/** A phone as the WhatsApp setting keeps it: spaces, dashes, dots and parentheses dropped ('+55 (11) 91234-5678' → '+5511912345678'). */
export function cleanWhatsappPhone(phone: string): string {
  return phone.replace(/[\s().-]/g, '');
}

const WHATSAPP_PHONE = /* @__PURE__ */ new RegExp(WHATSAPP_PHONE_PATTERN);

/** International format once cleaned: '+', country code, number. */
export function isWhatsappPhone(phone: string): boolean {
  return WHATSAPP_PHONE.test(cleanWhatsappPhone(phone));
}
