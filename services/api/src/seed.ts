import { seedDemoAudience, seedDemoFaq } from './seed-audience';
import { ACCESSES, ACCESS_ROUTES, type Access, type Gender, type UserType } from '@vitrine/contracts';
import type { Db } from './db';
import { advisoryXactLock } from './db/advisory-lock';
import type { ImageStorage } from './lib/image-storage';
import { generatePassword, hashPassword, uniqueKey } from './lib/security';
import * as roles from './repositories/roles';
import * as seo from './repositories/seo';
import { seedDemoContent, type DemoAuthor } from './seed-content';
import { seedDemoTranslations } from './seed-translations';
import * as users from './repositories/users';

export interface SeedOptions {
  /** The first admin; a strong password is generated when none is given. */
  admin?: { email?: string | undefined; password?: string | undefined };
  /** Demo staff and the default SEO entry. */
  demo?: boolean;
  scryptCost: number;
  /** Where the demo images go (required for demo content). */
  storage?: ImageStorage | undefined;
}

export interface SeedResult {
  /** Set only on the run that created the first admin. */
  admin?: { id: number; email: string; password: string; generated: boolean };
}

const SEED_LOCK_KEY = 727_002;
/** Not admin@vitrine.local: the contracts' email rule (EMAIL_PATTERN) wants a 2–4 letter top-level part, and .test is reserved. */
export const DEFAULT_ADMIN_EMAIL = 'admin@vitrine.test';

interface DemoUser {
  name: string;
  last_name: string;
  email: string;
  position: string;
  type: UserType;
  gender: Gender;
  accesses: Access[];
  biography: string;
}

const DEMO_USERS: DemoUser[] = [
  {
    name: 'Mariana',
    last_name: 'Albuquerque',
    email: 'mariana.albuquerque@vitrine.test',
    position: 'Editora de conteúdo',
    type: 'operational',
    gender: 'female',
    accesses: ['article_management'],
    biography: 'Jornalista de formação, cuida da pauta do blog e revisa cada artigo antes da publicação.',
  },
  {
    name: 'Rafael',
    last_name: 'Nogueira',
    email: 'rafael.nogueira@vitrine.test',
    position: 'Analista de marketing',
    type: 'marketing_director',
    gender: 'male',
    accesses: ['site_editor'],
    biography: 'Acompanha leads e mensagens do site e cuida do atendimento pelo WhatsApp.',
  },
  {
    name: 'Beatriz',
    last_name: 'Carvalho',
    email: 'beatriz.carvalho@vitrine.test',
    position: 'Gerente de produto',
    type: 'manager',
    gender: 'female',
    accesses: ['dashboard', 'article_management'],
    biography: 'Escreve sobre inovação e tecnologia e acompanha os números do blog no painel.',
  },
  {
    name: 'Lucas',
    last_name: 'Ferreira',
    email: 'lucas.ferreira@vitrine.test',
    position: 'Desenvolvedor sênior',
    type: 'operational',
    gender: 'male',
    accesses: ['article_management'],
    biography: 'Desenvolve produtos digitais há doze anos e escreve sobre nuvem, dados e segurança.',
  },
  {
    name: 'Camila',
    last_name: 'Rocha',
    email: 'camila.rocha@vitrine.test',
    position: 'Designer de produto',
    type: 'operational',
    gender: 'female',
    accesses: ['article_management'],
    biography: 'Designer com foco em acessibilidade e pesquisa com usuários; ama boa tipografia.',
  },
  {
    name: 'Thiago',
    last_name: 'Martins',
    email: 'thiago.martins@vitrine.test',
    position: 'Especialista em pessoas',
    type: 'internship',
    gender: 'male',
    accesses: ['article_management'],
    biography: 'Cuida de cultura, carreira e bem-estar; escreve sobre liderança e trabalho híbrido.',
  },
];

/**
 * Seeds an empty database: the five roles (role name = access), the first
 * admin, and optionally demo staff and one harmless SEO entry. Serialized by an
 * advisory lock so concurrent replicas seed once.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await advisoryXactLock(tx, SEED_LOCK_KEY);
    for (const access of ACCESSES) await roles.insertIfMissing(tx, access, ACCESS_ROUTES[access]);
    if ((await users.countUsers(tx)) > 0) return {};

    const email = options.admin?.email ?? DEFAULT_ADMIN_EMAIL;
    const generated = !options.admin?.password;
    const password = options.admin?.password ?? generatePassword(20);
    const adminId = await users.insert(tx, {
      unique_key: uniqueKey(),
      name: 'Administrador',
      last_name: 'Vitrine',
      email,
      password_hash: await hashPassword(password, options.scryptCost),
      position: 'Administrador do sistema',
      type: 'admin',
      status: 'active',
      gender: 'unspecified',
      phone: null,
      tax_id: null,
      biography: null,
      photo: null,
      created_by: null,
      verified_at: new Date(),
    });
    await users.setRoles(tx, adminId, ACCESSES);

    if (options.demo) {
      const authors: DemoAuthor[] = [];
      for (const demo of DEMO_USERS) {
        const id = await users.insert(tx, {
          unique_key: uniqueKey(),
          name: demo.name,
          last_name: demo.last_name,
          email: demo.email,
          // Demo staff sign in after a password recovery: their password is never shown.
          password_hash: await hashPassword(generatePassword(24), options.scryptCost),
          position: demo.position,
          type: demo.type,
          status: 'active',
          gender: demo.gender,
          phone: null,
          tax_id: null,
          biography: demo.biography,
          photo: null,
          created_by: adminId,
          verified_at: new Date(),
        });
        await users.setRoles(tx, id, demo.accesses);
        if (demo.accesses.includes('article_management')) authors.push({ id, name: demo.name, last_name: demo.last_name });
      }
      if (options.storage) {
        const seeded = await seedDemoContent(tx, options.storage, authors, adminId);
        await seedDemoTranslations(tx, seeded);
      }
      await seedDemoAudience(tx);
      await seedDemoFaq(tx);
      if ((await seo.countAll(tx)) === 0) {
        await seo.insert(tx, uniqueKey(), {
          name: 'Metatag padrão',
          head_markup: '<meta name="description" content="Vitrine: tecnologia, design e inovação para o seu negócio.">',
          body_markup: '',
          active: true,
        });
      }
    }
    return { admin: { id: adminId, email, password, generated } };
  });
}

/** The console box that shows the first admin's credentials once. */
export function credentialsBox(email: string, password: string): string {
  const lines = ['First admin account created (shown only once):', '', `  email:    ${email}`, `  password: ${password}`, '', 'Sign in at /login and keep this password somewhere safe.'];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const bar = '═'.repeat(width);
  return [`╔${bar}╗`, ...lines.map((l) => `║ ${l.padEnd(width - 1)}║`), `╚${bar}╝`].join('\n');
}
