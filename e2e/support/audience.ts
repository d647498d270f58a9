// What the staff's side of the API says about the audience, read outside the browser as the admin: the newsletter
// subscribers, the contact messages and the outbox, for tests that check a visitor's form happened once.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { api } from './app';
import { ADMIN } from './env';

export interface Subscriber {
  id: number;
  unique_key: string;
  email: string;
  newsletter_status: string | null;
  confirmed: boolean;
  unsubscribe_reason: string | null;
}

/** The newsletter's confirmation link in a mail's text, as a path of the server (its first group). */
export const CONFIRMATION_LINK = /https?:\/\/\S+?(\/api\/public\/newsletter\/confirm\/\d+\/[A-Za-z0-9_-]+)/;

/**
 * A newsletter confirmation mail, by its subject in any of the five languages ('confirme sua inscrição', 'konfime…'),
 * as opposed to the welcome mail the demo sends once the link is opened.
 */
export const isConfirmationMail = (mail: { subject: string }): boolean => /confirm|konfime/i.test(mail.subject);

export interface AudienceReads {
  /** The newsletter leads of `email` (one at most: a lead is unique per module and email). */
  subscribers(email: string): Promise<Subscriber[]>;
  /** The contact messages whose subject is `subject`, in the inbox or held by the spam guard. */
  messages(subject: string): Promise<{ subject: string; suspected: string | null }[]>;
  /** The mails queued to `to` (the outbox: queued with the row they come from, in one transaction). */
  mailsTo(to: string): Promise<{ subject: string }[]>;
  /** The admin's bearer token (signed in once). */
  adminToken(): Promise<string>;
}

/** The reads against the server at `baseUrl()` (a function: the suite's server is known once it has started). */
export function audienceReads(baseUrl: () => string): AudienceReads {
  let bearer: string | undefined;
  const adminToken = async () => {
    if (bearer) return bearer;
    const login = await api<{ token: string }>(baseUrl(), 'POST', '/auth/auth', { body: { email: ADMIN.email, password: ADMIN.password } });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    bearer = login.body.token;
    return bearer;
  };
  return {
    adminToken,
    async subscribers(email) {
      const res = await api<{ data: { items: Subscriber[] } }>(baseUrl(), 'POST', '/lead/leads-list', { token: await adminToken(), body: { search: email, module: 'newsletter' } });
      return res.body.data.items.filter((lead) => lead.email === email);
    },
    async messages(subject) {
      const found: { subject: string; suspected: string | null }[] = [];
      for (const filter of ['active', 'suspected']) {
        const res = await api<{ data: { items: { subject: string; suspected: string | null }[] } }>(baseUrl(), 'POST', '/message/messages-list', {
          token: await adminToken(),
          body: { filter, search: subject },
        });
        found.push(...res.body.data.items.filter((m) => m.subject === subject));
      }
      return found;
    },
    async mailsTo(to) {
      const res = await api<{ data: { items: { to: string; subject: string }[] } }>(baseUrl(), 'GET', '/mail/outbox?limit=100', { token: await adminToken() });
      return res.body.data.items.filter((mail) => mail.to === to);
    },
  };
}

/** A text field of the form `scope` (a CSS selector), by its label. */
export const formField = (page: Page, scope: string, name: string): Locator => page.locator(scope).getByRole('textbox', { name, exact: true });

/** Fills the contact form (pt-BR labels) with a complete message and sends it. */
export async function sendContactForm(page: Page, values: { name: string; email: string; company: string; telephone: string; subject: string; message: string }): Promise<void> {
  await formField(page, '#contact', 'Nome').fill(values.name);
  await formField(page, '#contact', 'E-mail').fill(values.email);
  await formField(page, '#contact', 'Empresa').fill(values.company);
  await formField(page, '#contact', 'Telefone').fill(values.telephone);
  await formField(page, '#contact', 'Assunto').fill(values.subject);
  await formField(page, '#contact', 'Mensagem').fill(values.message);
  await page.getByRole('button', { name: 'Enviar mensagem' }).click();
}
