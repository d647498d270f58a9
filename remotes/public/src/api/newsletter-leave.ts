import type { NewsletterUnsubscribeInput } from '@vitrine/contracts';
import { http } from '@vitrine/core';
import { ref } from './newsletter';
import { pageLanguage } from './page-language';

// What the subscription's page does (unsubscribe-page.tsx), apart from ./newsletter: every public page's first load
// holds that module (the sign-up, the subscription's loader), and needs none of this.

/** Leaves the newsletter with a reason (POST …/unsubscribe, 200); takes effect at once. */
export async function unsubscribeNewsletter(id: number, uniqueKey: string, input: NewsletterUnsubscribeInput): Promise<void> {
  await http.post(`/public/newsletter/unsubscribe/${ref(id, uniqueKey)}`, input);
}

/** Asks for a new confirmation link to the address on record (POST …/resubscribe, 202; 409 when already active). */
export async function resubscribeNewsletter(id: number, uniqueKey: string): Promise<void> {
  await http.post(`/public/newsletter/resubscribe/${ref(id, uniqueKey)}`, undefined, pageLanguage());
}
