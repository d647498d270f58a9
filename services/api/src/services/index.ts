import { AuthService } from './auth';
import type { ServiceDeps } from './context';
import { PasswordHasher } from './passwords';
import { SeoService } from './seo';
import { UsersService } from './users';

export interface Services {
  auth: AuthService;
  users: UsersService;
  seo: SeoService;
}

export function createServices(deps: ServiceDeps): Services {
  const hasher = new PasswordHasher(deps.config.scryptCost);
  return { auth: new AuthService(deps, hasher), users: new UsersService(deps, hasher), seo: new SeoService(deps) };
}
