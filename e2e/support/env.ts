import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (e2e/support/ is two levels down). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The folder the server runs from: the repository itself, or the snapshot of the built bundles that
 * e2e/run.ts makes (E2E_SERVED_ROOT) so that a build started by someone else in the same checkout
 * during the run cannot change what is being tested.
 */
export function servedRoot(): string {
  return process.env.E2E_SERVED_ROOT || ROOT;
}
/** Screenshots and server logs of failed runs (gitignored). */
export const ARTIFACTS = path.join(ROOT, '.e2e-artifacts');

/** The seeded first admin (ADMIN_EMAIL / ADMIN_PASSWORD given to every server the suite starts). */
export const ADMIN = {
  email: 'admin@vitrine.test',
  password: 'E2e-Adm1n!Vitrine',
  name: 'Administrador',
} as const;

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
