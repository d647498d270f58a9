// Chromium (Debian's, never downloaded) through playwright-core, a fresh profile per context,
// and a screenshot in .e2e-artifacts/ when a test fails.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { ADMIN, ARTIFACTS, CHROMIUM, CHROMIUM_ARGS } from './env';
import { keepProof } from './session';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far (for failure reports). */
  errors: string[];
}

export async function newSession(browser: Browser, baseUrl: string): Promise<Session> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
}

/**
 * Runs a browser scenario in its own context (fresh storage); on failure saves a
 * full-page screenshot and the page's console errors to .e2e-artifacts/ and rethrows.
 */
export async function inSession(browser: Browser, baseUrl: string, name: string, fn: (session: Session) => Promise<void>): Promise<void> {
  const session = await newSession(browser, baseUrl);
  try {
    await fn(session);
  } catch (error) {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const base = path.join(ARTIFACTS, slug(name));
    await session.page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined);
    fs.writeFileSync(`${base}.txt`, `url: ${session.page.url()}\n${session.errors.join('\n')}\n`);
    throw error;
  } finally {
    await session.context.close().catch(() => undefined);
  }
}

/** Fills the shell's login form and submits; resolves with the API's login answer (it holds the plain token) once the shell has kept the session and left the sign-in page. */
export async function signIn(page: Page, email: string = ADMIN.email, password: string = ADMIN.password, path = '/login'): Promise<{ token: string; data: { id: string; unique_key: string; name: string } }> {
  if (!page.url().includes('/login')) await page.goto(path);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  const answer = page.waitForResponse((r: Response) => r.url().endsWith('/api/auth/auth') && r.request().method() === 'POST');
  await page.locator('form button[type="submit"]').click();
  const response = await answer;
  if (response.status() !== 200) throw new Error(`sign-in of ${email} answered ${response.status()}: ${await response.text()}`);
  // The answer reaching the browser is not the session being kept: the shell stores it, then leaves the sign-in
  // page. A test that navigates on before that (a busy CI machine) lands back on /login, signed out.
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const session = (await response.json()) as { token: string; data: { id: string; unique_key: string; name: string } };
  // The proof cookie the browser keeps (HttpOnly: the page cannot read it, the test's side can), for api() calls.
  const proof = (await page.context().cookies()).find((cookie) => cookie.name === 'vt_session');
  if (proof) keepProof(session.token, `vt_session=${proof.value}`);
  return session;
}

/** The page is hydrated: React owns #root (its container key is set) and the content is in it. */
export const HYDRATED = "Boolean(document.querySelector('#root')?.firstElementChild && Object.keys(document.querySelector('#root')).some((k) => k.startsWith('__reactContainer')))";

/** The shell's entry has not run: a server-rendered page waits for the visitor's first intent (start/start.ts). */
export const NOT_STARTED = `!document.querySelector('script[src$="/main.js"]') && !(${HYDRATED})`;

/**
 * Shows intent the way a visitor does (a key: the starter starts the page's code on it) and waits until React
 * has hydrated the server's page: a form counts how long it was open from then (a robot check), so a test that
 * times its typing starts its clock here, not at the load event.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await waitUntilTrue(page, HYDRATED);
}

/**
 * Polls `expression` from the test's side until it is true. page.waitForFunction polls with a function made
 * from the string inside the page, which the public pages' CSP (no 'unsafe-eval') refuses once it has to poll.
 */
export async function waitUntilTrue(page: Page, expression: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > until) throw new Error(`still false after ${timeoutMs} ms: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pathname of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Reads a localStorage key (the e2e TypeScript program has no DOM lib, so the expression is a string). */
export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate(`window.localStorage.getItem(${JSON.stringify(key)})`) as Promise<string | null>;
}
