import type { FieldError, PublicSeo, SeoCreateInput, SeoEntry, SeoUpdateInput } from '@vitrine/contracts';
import { AppError, BadRequestError, NotFoundError } from '../errors';
import { executableMarkup } from '../lib/markup';
import { uniqueKey } from '../lib/security';
import * as contentVersion from '../repositories/content-version';
import * as seo from '../repositories/seo';
import type { Principal, ServiceDeps } from './context';
import { toSeoEntry } from './presenters';

/** The entry's name as stored: trimmed, and not blank (the schema only counts characters). */
function cleanName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new BadRequestError('VALIDATION_ERROR', [{ property: 'name', message: { isNotEmpty: 'name is required' } }]);
  return trimmed;
}

const MARKUP_FIELDS = ['head_markup', 'body_markup'] as const;

/**
 * Markup that can run code is an administrator's to store (docs/decisions/seo-markup.md): it goes into every
 * public page, on the back-office's origin, and the page's policy lets its inline scripts run. Anyone else's
 * create or update is refused (403 SCRIPT_MARKUP_ADMIN_ONLY) when a markup it sends can run code — what it does
 * not send is not looked at, so renaming or turning on/off an entry an administrator filled with scripts stays
 * open to them. The field errors say which markup, and what in it (by kind: `{ script: '<script>' }`).
 */
function assertMayStoreMarkup(principal: Principal, input: Partial<Record<(typeof MARKUP_FIELDS)[number], string>>): void {
  if (principal.user.type === 'admin') return;
  const errors: FieldError[] = [];
  for (const property of MARKUP_FIELDS) {
    const markup = input[property];
    if (markup === undefined) continue;
    const findings = executableMarkup(markup);
    if (findings.length === 0) continue;
    const message: Record<string, string> = {};
    for (const { kind, label } of findings) message[kind] = message[kind] ? `${message[kind]}, ${label}` : label;
    errors.push({ property, message });
  }
  if (errors.length > 0) throw new AppError(403, 'SCRIPT_MARKUP_ADMIN_ONLY', { errors });
}

export class SeoService {
  constructor(private readonly deps: ServiceDeps) {}

  listPublic(): Promise<PublicSeo[]> {
    return seo.listActive(this.deps.db);
  }

  async listAll(): Promise<SeoEntry[]> {
    return (await seo.listAll(this.deps.db)).map(toSeoEntry);
  }

  /** SEO markup is in every public page (and /seo/public-seo): a write bumps the content version. */
  async create(principal: Principal, input: SeoCreateInput): Promise<SeoEntry> {
    const name = cleanName(input.name);
    assertMayStoreMarkup(principal, input);
    const row = await this.deps.db.transaction(async (tx) => {
      const inserted = await seo.insert(tx, uniqueKey(), {
        name,
        head_markup: input.head_markup,
        body_markup: input.body_markup,
        active: input.active ?? true,
      });
      await contentVersion.bump(tx);
      return inserted;
    });
    return toSeoEntry(row);
  }

  async update(principal: Principal, id: number, key: string, input: SeoUpdateInput): Promise<SeoEntry> {
    const changes = input.name === undefined ? input : { ...input, name: cleanName(input.name) };
    assertMayStoreMarkup(principal, input);
    const row = await this.deps.db.transaction(async (tx) => {
      const current = await seo.findByIdAndKey(tx, id, key);
      if (!current) throw new NotFoundError('NOT_FOUND');
      const updated = await seo.update(tx, id, changes);
      await contentVersion.bump(tx);
      return updated;
    });
    if (!row) throw new NotFoundError('NOT_FOUND');
    return toSeoEntry(row);
  }
}
