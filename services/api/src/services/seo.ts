import type { PublicSeo, SeoCreateInput, SeoEntry, SeoUpdateInput } from '@vitrine/contracts';
import { BadRequestError, NotFoundError } from '../errors';
import { uniqueKey } from '../lib/security';
import * as contentVersion from '../repositories/content-version';
import * as seo from '../repositories/seo';
import type { ServiceDeps } from './context';
import { toSeoEntry } from './presenters';

/** The entry's name as stored: trimmed, and not blank (the schema only counts characters). */
function cleanName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new BadRequestError('VALIDATION_ERROR', [{ property: 'name', message: { isNotEmpty: 'name is required' } }]);
  return trimmed;
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
  async create(input: SeoCreateInput): Promise<SeoEntry> {
    const name = cleanName(input.name);
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

  async update(id: number, key: string, input: SeoUpdateInput): Promise<SeoEntry> {
    const changes = input.name === undefined ? input : { ...input, name: cleanName(input.name) };
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
