/**
 * The weekly digest's deliveries and bounced addresses, free of typebox so screens can import them from the
 * package index (docs/decisions/audience.md, "The weekly digest" and "Bounced addresses").
 */

/**
 * A recipient's delivery of one week's digest: queued (waiting its turn), sending (handed to the SMTP server now),
 * sent, stored (no SMTP server configured: kept, not sent), deferred (refused for now: retried later, the server's
 * answer kept), failed (the last try failed), bounced (refused for good: the address is marked bounced) or skipped
 * (the subscriber left, was blocked or bounced before their turn: `skip_reason` says which).
 */
export const DIGEST_DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'stored', 'deferred', 'failed', 'bounced', 'skipped'] as const;
export type DigestDeliveryStatus = (typeof DIGEST_DELIVERY_STATUSES)[number];

/** Why a delivery was skipped, checked at the moment its mail would have gone out. */
export const DIGEST_SKIP_REASONS = ['unsubscribed', 'blacklisted', 'bounced', 'inactive', 'erased'] as const;
export type DigestSkipReason = (typeof DIGEST_SKIP_REASONS)[number];

export const BOUNCE_SUCCESS_MESSAGES = {
  CLEARED: 'Bounce cleared: the subscriber gets mail again once they confirm a new sign-up',
} as const;
