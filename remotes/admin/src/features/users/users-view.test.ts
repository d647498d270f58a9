import { ACCESSES, USER_TYPE_DEFAULT_ACCESSES, USER_TYPES, type Access, type User } from '@vitrine/contracts';
import {
  createInput,
  editDenial,
  emptyValues,
  heldAccesses,
  listInput,
  manageDenial,
  mayChangeEmail,
  mayChooseType,
  proposeAccesses,
  readUsersView,
  statusAction,
  statusChange,
  updateInput,
  valuesOf,
  writeUsersView,
  type Actor,
} from './users-view';

const user = (overrides: Partial<User> = {}): User => ({
  id: 7,
  unique_key: 'k7',
  name: 'Carla',
  last_name: 'Menezes',
  email: 'carla@vitrine.test',
  position: 'Redatora',
  type: 'operational',
  status: 'active',
  accesses: ['article_management'],
  gender: 'female',
  phone: null,
  tax_id: null,
  biography: null,
  photo: null,
  created_at: '2026-01-10T10:00:00.000Z',
  updated_at: '2026-01-10T10:00:00.000Z',
  ...overrides,
});

const actor = (type: Actor['type'], held: readonly Access[] = ACCESSES, id = 1): Actor => ({ id, type, held: new Set(held) });
const admin = actor('admin');
const manager = actor('manager', ['dashboard', 'user_management']);

describe('the users view in the URL', () => {
  it('reads defaults from an empty or hand-broken URL', () => {
    expect(readUsersView(new URLSearchParams())).toEqual({ sort: 'created_at', order: 'desc', page: 1, limit: 10 });
    expect(readUsersView(new URLSearchParams('q=%20&type=king&status=x&sort=password&page=-2&limit=7'))).toEqual({
      sort: 'created_at',
      order: 'desc',
      page: 1,
      limit: 10,
    });
    expect(readUsersView(new URLSearchParams('q=ana&type=manager&status=blocked&sort=name&order=desc&page=3&limit=20'))).toEqual({
      search: 'ana',
      type: 'manager',
      status: 'blocked',
      sort: 'name',
      order: 'desc',
      page: 3,
      limit: 20,
    });
  });

  it('writes only what differs from the defaults, back on page 1 after any change but the page', () => {
    const start = new URLSearchParams('tab=x&page=4');
    expect(writeUsersView(start, { search: 'ana' }).toString()).toBe('tab=x&q=ana');
    expect(writeUsersView(start, { page: 5 }).toString()).toBe('tab=x&page=5');
    // A new sort takes its natural order (names A to Z), unless one is given.
    expect(writeUsersView(new URLSearchParams('sort=email&order=desc'), { sort: 'name' }).toString()).toBe('sort=name');
    expect(writeUsersView(new URLSearchParams(), { sort: 'created_at', order: 'asc' }).toString()).toBe('order=asc');
    expect(writeUsersView(new URLSearchParams('q=ana&type=ceo&limit=20'), { search: undefined, type: undefined }).toString()).toBe('limit=20');
  });

  it("asks the API for what the view shows, leaving the API's defaults out", () => {
    expect(listInput(readUsersView(new URLSearchParams()))).toEqual({ page: 1, limit: 10 });
    expect(listInput(readUsersView(new URLSearchParams('q=ana&status=active&sort=name&page=2')))).toEqual({ search: 'ana', status: 'active', sort: 'name', page: 2, limit: 10 });
    expect(listInput(readUsersView(new URLSearchParams('sort=email&order=desc&type=ceo')))).toEqual({ type: 'ceo', sort: 'email', order: 'desc', page: 1, limit: 10 });
  });
});

describe('who may do what (the API’s rules)', () => {
  it('holds the accesses of the roles last read, else of the stored user', () => {
    expect([...heldAccesses(user({ accesses: ['dashboard'] }), [{ name: 'user_management' }, { name: 'unknown' }])]).toEqual(['user_management']);
    expect([...heldAccesses(user({ accesses: ['dashboard'] }), [])]).toEqual(['dashboard']);
    expect(heldAccesses(null, []).size).toBe(0);
  });

  it('only an admin edits, (de)activates or deletes an admin; nobody deactivates or deletes themselves', () => {
    const boss = user({ id: 2, type: 'admin' });
    expect(editDenial(boss, manager)).toBe('adminOnly');
    expect(manageDenial(boss, manager)).toBe('adminOnly');
    expect(editDenial(boss, admin)).toBeNull();
    expect(manageDenial(boss, admin)).toBeNull();
    expect(editDenial(user({ id: 1 }), manager)).toBeNull();
    expect(manageDenial(user({ id: 1 }), manager)).toBe('self');
    expect(manageDenial(user({ id: 1, type: 'admin' }), admin)).toBe('self');
    expect(manageDenial(user(), manager)).toBeNull();
    expect(mayChooseType('admin', manager)).toBe(false);
    expect(mayChooseType('admin', admin)).toBe(true);
    expect(mayChooseType('ceo', manager)).toBe(true);
  });

  it('someone else’s email only for an admin or whoever holds every access they hold; one’s own always', () => {
    const director = user({ id: 9, accesses: ['dashboard', 'settings'] });
    expect(mayChangeEmail(director, manager)).toBe(false);
    expect(mayChangeEmail(director, actor('manager', ['dashboard', 'settings', 'user_management']))).toBe(true);
    expect(mayChangeEmail(director, admin)).toBe(true);
    expect(mayChangeEmail(user({ id: 9, accesses: ['dashboard'] }), manager)).toBe(true);
    expect(mayChangeEmail(user({ id: 9, accesses: [] }), manager)).toBe(true);
    // One's own: the password confirms it, nothing else.
    expect(mayChangeEmail(user({ id: 1, accesses: ['settings'] }), manager)).toBe(true);
  });

  it('activates an inactive or blocked user, deactivates any other', () => {
    expect(statusAction({ status: 'inactive' })).toEqual({ kind: 'activate', status: 'active' });
    expect(statusAction({ status: 'blocked' })).toEqual({ kind: 'activate', status: 'active' });
    expect(statusAction({ status: 'active' })).toEqual({ kind: 'deactivate', status: 'inactive' });
    expect(statusAction({ status: 'first-access' })).toEqual({ kind: 'deactivate', status: 'inactive' });
  });
});

describe('default accesses by type', () => {
  it('are written once, for every type, and an admin gets every access', () => {
    for (const type of USER_TYPES) expect(USER_TYPE_DEFAULT_ACCESSES[type].every((a) => ACCESSES.includes(a))).toBe(true);
    expect(USER_TYPE_DEFAULT_ACCESSES.admin).toEqual(ACCESSES);
  });

  it('are proposed among what the actor may grant; what they do not hold keeps its state', () => {
    expect(proposeAccesses('marketing_director', [], admin)).toEqual(['dashboard', 'article_management', 'site_editor', 'settings']);
    expect(proposeAccesses('internship', ['dashboard', 'settings'], admin)).toEqual(['article_management']);
    // The manager holds dashboard and user_management only.
    expect(proposeAccesses('admin', [], manager)).toEqual(['dashboard', 'user_management']);
    expect(proposeAccesses('internship', ['dashboard', 'settings'], manager)).toEqual(['settings']);
    expect(emptyValues(manager).accesses).toEqual(['dashboard']);
  });
});

describe('what the form sends', () => {
  it('creates with trimmed fields, blank optional ones left out, accesses in order, and the creator', () => {
    const values = { ...emptyValues(admin), name: ' Ana ', last_name: 'Lima ', email: ' ana@vitrine.test', position: 'Editora', phone: '  ', tax_id: '123', accesses: ['settings', 'dashboard'] as Access[] };
    expect(createInput(values, { id: 1, unique_key: 'me' })).toEqual({
      name: 'Ana',
      last_name: 'Lima',
      email: 'ana@vitrine.test',
      position: 'Editora',
      type: 'operational',
      accesses: ['dashboard', 'settings'],
      gender: 'unspecified',
      tax_id: '123',
      created_by: 1,
      created_by_unique_key: 'me',
    });
  });

  it('updates only what changed (a blank optional field becomes null), the status apart', () => {
    const carla = user({ phone: '+55 11 99999-0000' });
    expect(updateInput(valuesOf(carla), carla)).toEqual({});
    const values = { ...valuesOf(carla), position: ' Editora ', email: 'CARLA@vitrine.test', accesses: ['article_management', 'dashboard'] as Access[], phone: '', status: 'blocked' as const };
    expect(updateInput(values, carla)).toEqual({ position: 'Editora', accesses: ['dashboard', 'article_management'], phone: null });
    expect(statusChange(values, carla)).toBe('blocked');
    expect(statusChange(valuesOf(carla), carla)).toBeNull();
    expect(statusChange({ status: 'first-access' }, carla)).toBeNull();
  });

  it('sends the signed-in user’s password with a changed email only', () => {
    const carla = user();
    expect(updateInput({ ...valuesOf(carla), position: 'Editora', current_password: 'Minha#Senha1' }, carla)).toEqual({ position: 'Editora' });
    expect(updateInput({ ...valuesOf(carla), email: ' carla.m@vitrine.test ', current_password: 'Minha#Senha1' }, carla)).toEqual({
      email: 'carla.m@vitrine.test',
      current_password: 'Minha#Senha1',
    });
    // Not typed yet: the API says it is required.
    expect(updateInput({ ...valuesOf(carla), email: 'carla.m@vitrine.test' }, carla)).toEqual({ email: 'carla.m@vitrine.test' });
  });
});
