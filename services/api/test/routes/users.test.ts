import { isStrongPassword } from '@vitrine/contracts';
import { SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import * as contentVersion from '../../src/repositories/content-version';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { BACKENDS, setupApp, withClockAhead, type TestContext } from '../helpers';

const newUser = (ctx: TestContext, overrides: Record<string, unknown> = {}) => ({
  name: 'Carla',
  last_name: 'Menezes',
  email: `carla.${Math.random().toString(36).slice(2, 8)}@vitrine.test`,
  position: 'Redatora',
  type: 'operational',
  accesses: ['article_management'],
  gender: 'female',
  created_by: ctx.admin.id,
  created_by_unique_key: ctx.admin.unique_key,
  ...overrides,
});

describe.each(BACKENDS)('users (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  describe('POST /user/user', () => {
    it('creates a first-access user and answers the temporary password once', async () => {
      const body = newUser(ctx);
      const res = await ctx.call('POST', '/api/user/user', { token: ctx.admin.token, body });
      expect(res.statusCode).toBe(201);
      const { data, message } = res.json();
      expect(message).toBe(SUCCESS_MESSAGES.USER_CREATED);
      expect(data.user).toMatchObject({ email: body.email, status: 'first-access', accesses: ['article_management'], gender: 'female' });
      expect(isStrongPassword(data.temporary_password)).toBe(true);
      const stored = await ctx.db.query<{ password_hash: string; created_by: number }>('SELECT password_hash, created_by FROM users WHERE id = $1', [data.user.id]);
      expect(stored[0]?.password_hash).not.toContain(data.temporary_password);
      expect(stored[0]?.created_by).toBe(ctx.admin.id);
      // The temporary password signs in.
      const login = await ctx.call('POST', '/api/auth/auth', { body: { email: body.email, password: data.temporary_password } });
      expect(login.statusCode).toBe(200);
      expect(login.json().data.status).toBe('first-access');
    });

    it('refuses a created_by that is not the acting user (403 ACCESS_DENIED)', async () => {
      const other = await ctx.staff(['dashboard']);
      const before = await ctx.count('users');
      const res = await ctx.call('POST', '/api/user/user', { token: ctx.admin.token, body: newUser(ctx, { created_by: other.id, created_by_unique_key: other.unique_key }) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ACCESS_DENIED', message: 'Access denied' });
      const wrongKey = await ctx.call('POST', '/api/user/user', { token: ctx.admin.token, body: newUser(ctx, { created_by_unique_key: 'nope' }) });
      expect(wrongKey.statusCode).toBe(403);
      expect(await ctx.count('users')).toBe(before);
    });

    it('refuses an email already registered, in any case (409)', async () => {
      const res = await ctx.call('POST', '/api/user/user', { token: ctx.admin.token, body: newUser(ctx, { email: ctx.admin.email.toUpperCase() }) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED', message: 'Email already registered' });
    });

    it('answers the class-validator style errors for missing and invalid fields, writing nothing', async () => {
      const before = await ctx.count('users');
      const res = await ctx.call('POST', '/api/user/user', {
        token: ctx.admin.token,
        body: { last_name: 'X', email: 'not-an-email', position: '', type: 'king', accesses: ['dashboard'], created_by: ctx.admin.id, created_by_unique_key: ctx.admin.unique_key, role: 'x' },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ error: true, statusCode: 400, code: 'VALIDATION_ERROR' });
      const byProperty = Object.fromEntries(body.errors.map((e: { property: string; message: Record<string, string> }) => [e.property, e.message]));
      expect(byProperty.name).toEqual({ isNotEmpty: 'name is required' });
      expect(byProperty.email).toEqual({ isEmail: 'Invalid email address' });
      expect(byProperty.position).toEqual({ isNotEmpty: 'position is required' });
      expect(byProperty.type.isEnum).toContain('type must be one of the following values');
      expect(byProperty.role).toEqual({ whitelistValidation: 'property role should not exist' });
      expect(await ctx.count('users')).toBe(before);
    });
  });

  describe('GET /user/user/:id', () => {
    it('answers any user to a manager, and the own record to anyone', async () => {
      const editor = await ctx.staff(['article_management']);
      expect((await ctx.call('GET', `/api/user/user/${editor.id}`, { token: ctx.admin.token })).json().data.email).toBe(editor.email);
      const own = await ctx.call('GET', `/api/user/user/${editor.id}`, { token: editor.token });
      expect(own.statusCode).toBe(200);
      const other = await ctx.call('GET', `/api/user/user/${ctx.admin.id}`, { token: editor.token });
      expect(other.statusCode).toBe(403);
      expect(other.json().code).toBe('ACCESS_DENIED');
    });

    it('404 User not found', async () => {
      const res = await ctx.call('GET', '/api/user/user/999999', { token: ctx.admin.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND', message: 'User not found' });
    });
  });

  describe('POST /user/users-list', () => {
    it('pages with defaults limit 10, page 1 and searches name, email and position', async () => {
      for (let i = 0; i < 12; i += 1) await ctx.staff(['dashboard']);
      const first = await ctx.call('POST', '/api/user/users-list', { token: ctx.admin.token, body: {} });
      expect(first.statusCode).toBe(200);
      const page = first.json().data;
      expect(page.limit).toBe(10);
      expect(page.page).toBe(1);
      expect(page.items).toHaveLength(10);
      expect(page.total).toBeGreaterThanOrEqual(13);
      const second = (await ctx.call('POST', '/api/user/users-list', { token: ctx.admin.token, body: { page: 2, limit: 10 } })).json().data;
      expect(second.items.length).toBe(Math.min(10, page.total - 10));
      const ids = new Set([...page.items, ...second.items].map((u: { id: number }) => u.id));
      expect(ids.size).toBe(page.items.length + second.items.length);

      const search = (await ctx.call('POST', '/api/user/users-list', { token: ctx.admin.token, body: { search: 'administrador' } })).json().data;
      expect(search.items.map((u: { email: string }) => u.email)).toEqual([ctx.admin.email]);
      const bySql = (await ctx.call('POST', '/api/user/users-list', { token: ctx.admin.token, body: { search: '%' } })).json().data;
      expect(bySql.total).toBe(0);
      const filtered = (await ctx.call('POST', '/api/user/users-list', { token: ctx.admin.token, body: { status: 'blocked' } })).json().data;
      expect(filtered.items.every((u: { status: string }) => u.status === 'blocked')).toBe(true);
    });

    it('filters by type and status together, and sorts by name, email or creation in either order', async () => {
      const list = async (body: Record<string, unknown>) => {
        const res = await ctx.call('POST', '/api/user/users-list', { token: ctx.admin.token, body: { limit: 100, ...body } });
        expect(res.statusCode).toBe(200);
        return res.json().data as { items: { id: number; name: string; last_name: string; email: string; type: string; status: string }[]; total: number };
      };
      const tag = Math.random().toString(36).slice(2, 8);
      const made: number[] = [];
      // Names in mixed case, created in an order that is neither the names' nor the emails'.
      for (const [name, local, type, status] of [
        ['bruno', 'c', 'internship', 'active'],
        ['Ana', 'b', 'internship', 'inactive'],
        ['carla', 'a', 'ceo', 'active'],
      ] as const) {
        const created = await ctx.call('POST', '/api/user/user', {
          token: ctx.admin.token,
          body: newUser(ctx, { name, last_name: `Sort ${tag}`, email: `${local}.${tag}@vitrine.test`, type, accesses: [] }),
        });
        const id = created.json().data.user.id as number;
        await ctx.db.query('UPDATE users SET status = $1 WHERE id = $2', [status, id]);
        made.push(id);
      }
      const names = (page: Awaited<ReturnType<typeof list>>) => page.items.map((u) => u.name);

      expect(names(await list({ search: tag }))).toEqual(['carla', 'Ana', 'bruno']);
      expect(names(await list({ search: tag, sort: 'name' }))).toEqual(['Ana', 'bruno', 'carla']);
      expect(names(await list({ search: tag, sort: 'name', order: 'desc' }))).toEqual(['carla', 'bruno', 'Ana']);
      expect(names(await list({ search: tag, sort: 'email' }))).toEqual(['carla', 'Ana', 'bruno']);
      expect(names(await list({ search: tag, sort: 'created_at', order: 'asc' }))).toEqual(['bruno', 'Ana', 'carla']);

      const interns = await list({ search: tag, type: 'internship' });
      expect(names(interns)).toEqual(['Ana', 'bruno']);
      expect(interns.total).toBe(2);
      const activeInterns = await list({ search: tag, type: 'internship', status: 'active' });
      expect(activeInterns.items.map((u) => u.id)).toEqual([made[0]]);
      expect(activeInterns.total).toBe(1);
      const everyCeo = await list({ type: 'ceo' });
      expect(everyCeo.items.length).toBeGreaterThan(0);
      expect(everyCeo.items.every((u) => u.type === 'ceo')).toBe(true);

      // Paging a sorted list neither repeats nor skips a row.
      const all = await list({ sort: 'name' });
      const paged = [...(await list({ sort: 'name', limit: 2, page: 1 })).items, ...(await list({ sort: 'name', limit: 2, page: 2 })).items];
      expect(paged.map((u) => u.id)).toEqual(all.items.slice(0, 4).map((u) => u.id));

      const wrong = await ctx.call('POST', '/api/user/users-list', { token: ctx.admin.token, body: { sort: 'password_hash', order: 'sideways' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.map((e: { property: string }) => e.property).sort()).toEqual(['order', 'sort']);
    });

    it('is refused to a user without user_management (403)', async () => {
      const marketing = await ctx.staff(['site_editor', 'dashboard', 'settings']);
      const res = await ctx.call('POST', '/api/user/users-list', { token: marketing.token, body: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCESS_DENIED');
    });

    it('rejects a limit above 100', async () => {
      const res = await ctx.call('POST', '/api/user/users-list', { token: ctx.admin.token, body: { limit: 1000 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toEqual({ property: 'limit', message: { max: 'limit must not be greater than 100' } });
    });
  });

  describe('PUT /user/user/:id/:unique_key', () => {
    it('a manager updates any field; id and unique_key must match the same record', async () => {
      const user = await ctx.staff(['dashboard']);
      const res = await ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, {
        token: ctx.admin.token,
        body: { position: 'Coordenadora', accesses: ['dashboard', 'settings'], phone: '+55 11 99999-0000' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(SUCCESS_MESSAGES.USER_UPDATED);
      expect(res.json().data).toMatchObject({ position: 'Coordenadora', accesses: ['dashboard', 'settings'], phone: '+55 11 99999-0000' });
      const mismatch = await ctx.call('PUT', `/api/user/user/${user.id}/${ctx.admin.unique_key}`, { token: ctx.admin.token, body: { position: 'X' } });
      expect(mismatch.statusCode).toBe(404);
      expect(mismatch.json().code).toBe('USER_NOT_FOUND');
    });

    it('anyone updates their own profile fields, but not their own type or accesses', async () => {
      const editor = await ctx.staff(['article_management']);
      const own = await ctx.call('PUT', `/api/user/user/${editor.id}/${editor.unique_key}`, { token: editor.token, body: { biography: 'Escrevo sobre design.', tax_id: '123.456.789-09' } });
      expect(own.statusCode).toBe(200);
      expect(own.json().data.biography).toBe('Escrevo sobre design.');
      const escalate = await ctx.call('PUT', `/api/user/user/${editor.id}/${editor.unique_key}`, { token: editor.token, body: { accesses: ['user_management'] } });
      expect(escalate.statusCode).toBe(403);
      const other = await ctx.call('PUT', `/api/user/user/${ctx.admin.id}/${ctx.admin.unique_key}`, { token: editor.token, body: { biography: 'x' } });
      expect(other.statusCode).toBe(403);
    });

    it('refuses an email of another user (409) and an empty body (400)', async () => {
      const user = await ctx.staff(['dashboard']);
      const dup = await ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, { token: ctx.admin.token, body: { email: ctx.admin.email, current_password: ctx.admin.password } });
      expect(dup.statusCode).toBe(409);
      const empty = await ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, { token: ctx.admin.token, body: {} });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().code).toBe('VALIDATION_ERROR');
    });
  });

  describe('status and delete', () => {
    it('changes another user status, never the own one', async () => {
      const user = await ctx.staff(['dashboard']);
      const res = await ctx.call('PUT', `/api/user/user-change-status/${user.id}/${user.unique_key}`, { token: ctx.admin.token, body: { status: 'blocked' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: SUCCESS_MESSAGES.STATUS_CHANGED, data: { status: 'blocked' } });
      const self = await ctx.call('PUT', `/api/user/user-change-status/${ctx.admin.id}/${ctx.admin.unique_key}`, { token: ctx.admin.token, body: { status: 'inactive' } });
      expect(self.statusCode).toBe(403);
      expect(self.json()).toMatchObject({ code: 'CANNOT_CHANGE_OWN_STATUS', message: 'You cannot change your own status' });
      const firstAccess = await ctx.call('PUT', `/api/user/user-change-status/${user.id}/${user.unique_key}`, { token: ctx.admin.token, body: { status: 'first-access' } });
      expect(firstAccess.statusCode).toBe(400);
      expect(firstAccess.json().errors[0].message.isEnum).toBeDefined();
    });

    it('puts someone who never chose a password back in first access when activated again, not straight in', async () => {
      const created = await ctx.call('POST', '/api/user/user', { token: ctx.admin.token, body: newUser(ctx, { email: `never.chose.${Date.now()}@vitrine.test` }) });
      const { id, unique_key } = created.json().data.user as { id: number; unique_key: string };
      const status = (value: string) => ctx.call('PUT', `/api/user/user-change-status/${id}/${unique_key}`, { token: ctx.admin.token, body: { status: value } });
      expect((await status('inactive')).json().data.status).toBe('inactive');
      expect((await status('active')).json().data.status).toBe('first-access');
      // Someone who has chosen theirs comes back active.
      const staff = await ctx.staff(['dashboard']);
      await ctx.call('PUT', `/api/user/user-change-status/${staff.id}/${staff.unique_key}`, { token: ctx.admin.token, body: { status: 'inactive' } });
      const back = await ctx.call('PUT', `/api/user/user-change-status/${staff.id}/${staff.unique_key}`, { token: ctx.admin.token, body: { status: 'active' } });
      expect(back.json().data.status).toBe('active');
    });

    it('deletes another user, never oneself', async () => {
      const user = await ctx.staff(['dashboard']);
      const res = await ctx.call('DELETE', `/api/user/user/${user.id}/${user.unique_key}`, { token: ctx.admin.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SUCCESS_MESSAGES.USER_DELETED });
      expect((await ctx.call('GET', `/api/user/user/${user.id}`, { token: ctx.admin.token })).statusCode).toBe(404);
      const again = await ctx.call('DELETE', `/api/user/user/${user.id}/${user.unique_key}`, { token: ctx.admin.token });
      expect(again.statusCode).toBe(404);
      const self = await ctx.call('DELETE', `/api/user/user/${ctx.admin.id}/${ctx.admin.unique_key}`, { token: ctx.admin.token });
      expect(self.statusCode).toBe(403);
      expect(self.json()).toMatchObject({ code: 'CANNOT_DELETE_SELF', message: 'You cannot delete yourself' });
    });

    it('a user without user_management cannot change status or delete', async () => {
      const editor = await ctx.staff(['article_management']);
      const target = await ctx.staff(['dashboard']);
      expect((await ctx.call('PUT', `/api/user/user-change-status/${target.id}/${target.unique_key}`, { token: editor.token, body: { status: 'inactive' } })).statusCode).toBe(403);
      expect((await ctx.call('DELETE', `/api/user/user/${target.id}/${target.unique_key}`, { token: editor.token })).statusCode).toBe(403);
      expect((await ctx.call('POST', '/api/user/user', { token: editor.token, body: newUser(ctx, { created_by: editor.id, created_by_unique_key: editor.unique_key }) })).statusCode).toBe(403);
    });
  });

  describe('PUT /user/user-reset-password', () => {
    it.each([
      [{ current_password: '', new_password: 'New#Pass2024', confirm_password: 'New#Pass2024' }, 'PASSWORD_FIELDS_REQUIRED', 'All password fields must be filled'],
      [{ current_password: 'Wrong#Pass1', new_password: 'New#Pass2024', confirm_password: 'New#Pass2024' }, 'CURRENT_PASSWORD_INCORRECT', 'Current password is incorrect'],
      [{ current_password: 'Staff#Pass2024', new_password: 'weakpass', confirm_password: 'weakpass' }, 'WEAK_PASSWORD', 'Your password is weak'],
      [{ current_password: 'Staff#Pass2024', new_password: 'New#Pass2024', confirm_password: 'New#Pass2025' }, 'PASSWORDS_DO_NOT_MATCH', 'Passwords do not match'],
    ])('rejects %j with %s', async (body, code, message) => {
      const user = await ctx.staff([]);
      const res = await ctx.call('PUT', '/api/user/user-reset-password', { token: user.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, message });
    });

    it('changes the own password (settings-profile is open to all), ends the other sessions', async () => {
      const user = await ctx.staff([]);
      const otherSession = await ctx.login(user.email, user.password);
      const res = await ctx.call('PUT', '/api/user/user-reset-password', {
        token: user.token,
        body: { current_password: user.password, new_password: 'New#Pass2024', confirm_password: 'New#Pass2024' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: SUCCESS_MESSAGES.PASSWORD_RESET, data: { id: user.id } });
      expect((await ctx.call('GET', '/api/auth/me', { token: user.token })).statusCode).toBe(200);
      expect((await ctx.call('GET', '/api/auth/me', { token: otherSession })).statusCode).toBe(401);
      expect((await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: 'New#Pass2024' } })).statusCode).toBe(200);
    });
  });

  describe('GET /user/user/user-active-routes/:id/:flag', () => {
    it('answers the roles from the database and whether the route is allowed', async () => {
      const editor = await ctx.staff(['article_management']);
      const compose = (await ctx.call('GET', `/api/user/user/user-active-routes/${editor.id}/compose`, { token: editor.token })).json().data;
      expect(compose.allowed).toBe(true);
      expect(compose.roles).toEqual([{ name: 'article_management', active_routes: ['list-of-articles', 'compose', 'list-of-categories'] }]);
      expect(compose.user.id).toBe(editor.id);
      expect((await ctx.call('GET', `/api/user/user/user-active-routes/${editor.id}/users`, { token: editor.token })).json().data.allowed).toBe(false);
      expect((await ctx.call('GET', `/api/user/user/user-active-routes/${editor.id}/settings-profile`, { token: editor.token })).json().data.allowed).toBe(true);
      expect((await ctx.call('GET', `/api/user/user/user-active-routes/${editor.id}/all`, { token: editor.token })).json().data.allowed).toBe(true);
      expect((await ctx.call('GET', `/api/user/user/user-active-routes/${ctx.admin.id}/all`, { token: editor.token })).statusCode).toBe(403);
    });

    it('follows a role edited in the database', async () => {
      const marketing = await ctx.staff(['site_editor']);
      expect((await ctx.call('GET', `/api/user/user/user-active-routes/${marketing.id}/dashboard`, { token: marketing.token })).json().data.allowed).toBe(false);
      await ctx.db.query("UPDATE roles SET active_routes = array_append(active_routes, 'dashboard') WHERE name = 'site_editor'");
      expect((await ctx.call('GET', `/api/user/user/user-active-routes/${marketing.id}/dashboard`, { token: marketing.token })).json().data.allowed).toBe(true);
      await ctx.db.query("UPDATE roles SET active_routes = array_remove(active_routes, 'dashboard') WHERE name = 'site_editor'");
    });
  });

  describe('public author endpoints', () => {
    const recentIds = async () => ((await ctx.call('GET', '/api/user/user/recent-updated-users/50')).json().data as { id: number }[]).map((u) => u.id);
    let content: { image_id: string; category_ids: number[] } | undefined;
    /** An article by `author` (the content a writer needs: one image, one category, made once). */
    const write = async (author: { token: string }, overrides: Record<string, unknown>) => {
      content ??= { image_id: await imageId(ctx), category_ids: [(await createCategory(ctx)).id] };
      return createArticle(ctx, content, overrides, author.token);
    };

    it('recent-updated-users answers up to x active authors with public fields only', async () => {
      const author = await ctx.staff(['article_management']);
      await write(author, { status: 'published' });
      await ctx.call('PUT', `/api/user/user/${author.id}/${author.unique_key}`, { token: author.token, body: { biography: 'Autora recente' } });
      const res = await ctx.call('GET', '/api/user/user/recent-updated-users/3');
      expect(res.statusCode).toBe(200);
      const items = res.json().data;
      expect(items.length).toBeLessThanOrEqual(3);
      expect(items[0]).toMatchObject({ id: author.id, biography: 'Autora recente' });
      expect(Object.keys(items[0]).sort()).toEqual(['biography', 'gender', 'id', 'last_name', 'name', 'photo', 'position', 'unique_key', 'updated_at']);
      expect((await ctx.call('GET', '/api/user/user/recent-updated-users/0')).statusCode).toBe(400);
      expect((await ctx.call('GET', '/api/user/user/recent-updated-users/51')).statusCode).toBe(400);
    });

    it('recent-updated-users lists only authors with a published article whose time has come: never staff who did not publish, the admin included', async () => {
      const writer = await ctx.staff(['article_management']);
      const drafter = await ctx.staff(['article_management']);
      const planner = await ctx.staff(['article_management']);
      const manager = await ctx.staff(['user_management']);
      const ours = [writer.id, drafter.id, planner.id, manager.id];
      const listed = async () => {
        const ids = await recentIds();
        // The admin holds every access (the writers' included) and never published here.
        expect(ids).not.toContain(ctx.admin.id);
        return ours.filter((id) => ids.includes(id));
      };
      expect(await listed()).toEqual([]);
      const published = await write(writer, { status: 'published' });
      await write(drafter, {});
      const scheduled = await write(planner, { status: 'published', publish_at: new Date(Date.now() + 3_600_000).toISOString() });
      expect(await listed()).toEqual([writer.id]);

      // The scheduled article's hour passes (the database's side and the process's clock): its author
      // joins the list with no write, the cached answer included.
      await ctx.db.query("UPDATE articles SET publish_at = now() - interval '1 minute' WHERE id = $1", [scheduled.id]);
      await withClockAhead(3_700_000, async () => {
        expect(await listed()).toEqual([writer.id, planner.id]);
      });

      // Back to draft, or deleted: off the list at once (the writes bump the content version).
      const toDraft = await ctx.call('PUT', `/api/article/article-change-status/${published.id}/${published.unique_key}`, { token: writer.token, body: { status: 'draft' } });
      expect(toDraft.statusCode).toBe(200);
      await withClockAhead(3_700_000, async () => {
        expect(await listed()).toEqual([planner.id]);
        expect((await ctx.call('DELETE', `/api/article/article/${scheduled.id}/${scheduled.unique_key}`, { token: ctx.admin.token })).statusCode).toBe(200);
        expect(await listed()).toEqual([]);
      });
    });

    it('data-user-router-public answers public fields when id and unique_key match', async () => {
      const author = await ctx.staff(['article_management']);
      const res = await ctx.call('GET', `/api/user/user/data-user-router-public/${author.id}/${author.unique_key}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.email).toBeUndefined();
      expect(res.json().data.id).toBe(author.id);
      expect((await ctx.call('GET', `/api/user/user/data-user-router-public/${author.id}/${ctx.admin.unique_key}`)).statusCode).toBe(404);
    });

    it('never shows an inactive, blocked or first-access user (404), published articles or not', async () => {
      for (const status of ['inactive', 'blocked', 'first-access']) {
        const author = await ctx.staff(['article_management']);
        await write(author, { status: 'published' });
        expect(await recentIds()).toContain(author.id);
        // Set in the database (first access has no route back), with the version bump every status change makes.
        await ctx.db.query('UPDATE users SET status = $1 WHERE id = $2', [status, author.id]);
        await contentVersion.bump(ctx.db);
        const res = await ctx.call('GET', `/api/user/user/data-user-router-public/${author.id}/${author.unique_key}`);
        expect(res.statusCode).toBe(404);
        expect((await ctx.call('GET', `/api/public/author/${author.id}/${author.unique_key}`)).statusCode).toBe(404);
        const recent = (await ctx.call('GET', '/api/user/user/recent-updated-users/50')).json().data as { id: number }[];
        expect(recent.map((u) => u.id)).not.toContain(author.id);
      }
    });
  });

  describe('no escalation through user management', () => {
    const put = (token: string, target: { id: number; unique_key: string }, body: unknown) =>
      ctx.call('PUT', `/api/user/user/${target.id}/${target.unique_key}`, { token, body });

    it('a manager cannot grant an access they do not hold, to themselves or anyone', async () => {
      const manager = await ctx.staff(['user_management']);
      const self = await put(manager.token, manager, { accesses: ['user_management', 'settings'] });
      expect(self.statusCode).toBe(403);
      expect(self.json()).toMatchObject({ code: 'ACCESS_NOT_HELD', message: 'You cannot grant or remove an access you do not hold' });
      const other = await ctx.staff(['dashboard']);
      expect((await put(manager.token, other, { accesses: ['dashboard', 'settings'] })).json().code).toBe('ACCESS_NOT_HELD');
      // Nor remove one they do not hold.
      expect((await put(manager.token, other, { accesses: [] })).json().code).toBe('ACCESS_NOT_HELD');
      const created = await ctx.call('POST', '/api/user/user', {
        token: manager.token,
        body: newUser(ctx, { accesses: ['settings'], created_by: manager.id, created_by_unique_key: manager.unique_key }),
      });
      expect(created.statusCode).toBe(403);
      expect(created.json().code).toBe('ACCESS_NOT_HELD');
      const roles = await ctx.db.query<{ role_name: string }>('SELECT role_name FROM user_roles WHERE user_id = $1', [manager.id]);
      expect(roles.map((r) => r.role_name)).toEqual(['user_management']);
      // What they hold, they may grant.
      const fine = await put(manager.token, other, { accesses: ['dashboard', 'user_management'] });
      expect(fine.statusCode).toBe(200);
    });

    it("only an admin edits, deactivates or deletes an admin, or makes someone one", async () => {
      const manager = await ctx.staff(['user_management', 'dashboard']);
      const admin = ctx.admin;
      const takeover = await put(manager.token, admin, { email: 'mine@vitrine.test' });
      expect(takeover.statusCode).toBe(403);
      expect(takeover.json()).toMatchObject({ code: 'ADMIN_ONLY' });
      const status = await ctx.call('PUT', `/api/user/user-change-status/${admin.id}/${admin.unique_key}`, { token: manager.token, body: { status: 'inactive' } });
      expect(status.json().code).toBe('ADMIN_ONLY');
      const del = await ctx.call('DELETE', `/api/user/user/${admin.id}/${admin.unique_key}`, { token: manager.token });
      expect(del.json().code).toBe('ADMIN_ONLY');
      expect((await put(manager.token, manager, { type: 'admin' })).json().code).toBe('ADMIN_ONLY');
      const other = await ctx.staff(['dashboard']);
      expect((await put(manager.token, other, { type: 'admin' })).json().code).toBe('ADMIN_ONLY');
      const created = await ctx.call('POST', '/api/user/user', {
        token: manager.token,
        body: newUser(ctx, { type: 'admin', accesses: ['dashboard'], created_by: manager.id, created_by_unique_key: manager.unique_key }),
      });
      expect(created.json().code).toBe('ADMIN_ONLY');
      const row = await ctx.db.query<{ email: string; status: string }>('SELECT email, status FROM users WHERE id = $1', [admin.id]);
      expect(row[0]).toEqual({ email: admin.email, status: 'active' });
      // An admin may.
      expect((await put(admin.token, other, { type: 'admin' })).statusCode).toBe(200);
      expect((await put(other.token, other, { biography: 'x' })).statusCode).toBe(200);
    });

    it('changing one\'s own email takes the current password', async () => {
      const user = await ctx.staff(['dashboard']);
      const missing = await put(user.token, user, { email: `new.${user.email}` });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'CURRENT_PASSWORD_REQUIRED', message: 'Give your current password to change an email' });
      const wrong = await put(user.token, user, { email: `new.${user.email}`, current_password: 'Wrong#Pass1' });
      expect(wrong.json().code).toBe('CURRENT_PASSWORD_INCORRECT');
      const right = await put(user.token, user, { email: `new.${user.email}`, current_password: user.password });
      expect(right.statusCode).toBe(200);
      expect(right.json().data.email).toBe(`new.${user.email}`);
      // The same email again (any case) is no change; someone else's email takes the acting user's own password
      // (test/routes/escalation.test.ts).
      expect((await put(user.token, user, { email: `NEW.${user.email}`.toLowerCase() })).statusCode).toBe(200);
      expect((await put(ctx.admin.token, user, { email: `other.${user.email}` })).json().code).toBe('CURRENT_PASSWORD_REQUIRED');
      expect((await put(ctx.admin.token, user, { email: `other.${user.email}`, current_password: ctx.admin.password })).statusCode).toBe(200);
      const stored = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE id = $1 AND email LIKE 'other.%'", [user.id]);
      expect(stored[0]?.n).toBe(1);
    });
  });
});
