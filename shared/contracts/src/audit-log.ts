/** What the audit log records changes of: one type per audited table. */
export const AUDIT_RECORD_TYPES = [
  'user',
  'user_access',
  'article',
  'article_category',
  'article_translation',
  'category',
  'lead',
  'message',
  'message_reply',
  'seo',
  'faq',
  'site_settings',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** Entries per page unless asked otherwise. */
export const AUDIT_PAGE_SIZE = 20;
