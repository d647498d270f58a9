import { BACKENDS, setupApp, type TestContext } from '../helpers';

/** settings-profile: what a user changes on their own record (the tax id rule; photo, email and password have their own tests). */
describe.each(BACKENDS)('own profile (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  const taxIdOf = async (id: number) => (await ctx.db.query<{ tax_id: string | null }>('SELECT tax_id FROM users WHERE id = $1', [id]))[0]?.tax_id;

  it.each([
    ['a CPF without its mask', '52998224725', '529.982.247-25'],
    ['a masked CPF', '123.456.789-09', '123.456.789-09'],
    ['a CNPJ', '11222333000181', '11.222.333/0001-81'],
    ['an alphanumeric CNPJ in lower case', '12.abc.345/01de-35', '12.ABC.345/01DE-35'],
  ])('stores %s with its check digits right, in its usual mask', async (_name, typed, stored) => {
    const user = await ctx.staff(['dashboard']);
    const res = await ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, { token: user.token, body: { tax_id: typed } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tax_id).toBe(stored);
    expect(await taxIdOf(user.id)).toBe(stored);
  });

  it.each([
    ['a wrong check digit', '123.456.789-00'],
    ['a repeated digit', '111.111.111-11'],
    ['a CNPJ with a wrong check digit', '11.222.333/0001-80'],
    ['neither length', '12345678'],
    ['letters in a CPF', 'abc.def.ghi-jk'],
  ])('refuses %s: 400 with the field error on tax_id, nothing stored', async (_name, typed) => {
    const user = await ctx.staff(['dashboard']);
    await ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, { token: user.token, body: { tax_id: '529.982.247-25' } });
    const res = await ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, { token: user.token, body: { tax_id: typed, biography: 'Nova bio' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, code: 'VALIDATION_ERROR', errors: [{ property: 'tax_id', message: { isTaxId: 'tax_id must be a valid CPF or CNPJ' } }] });
    expect(await taxIdOf(user.id)).toBe('529.982.247-25');
    const bio = await ctx.db.query<{ biography: string | null }>('SELECT biography FROM users WHERE id = $1', [user.id]);
    expect(bio[0]?.biography).toBeNull();
  });

  it('clears the tax id with null or a blank value', async () => {
    const user = await ctx.staff(['dashboard']);
    const put = (tax_id: string | null) => ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, { token: user.token, body: { tax_id } });
    expect((await put('52998224725')).statusCode).toBe(200);
    expect((await put('   ')).json().data.tax_id).toBeNull();
    expect((await put('52998224725')).statusCode).toBe(200);
    expect((await put(null)).json().data.tax_id).toBeNull();
  });

  it('applies the same rule when a manager creates a user', async () => {
    const body = {
      name: 'Bia',
      last_name: 'Lima',
      email: `bia.${Math.random().toString(36).slice(2, 8)}@vitrine.test`,
      position: 'Redatora',
      type: 'operational',
      accesses: ['dashboard'],
      created_by: ctx.admin.id,
      created_by_unique_key: ctx.admin.unique_key,
    };
    const before = await ctx.count('users');
    const wrong = await ctx.call('POST', '/api/user/user', { token: ctx.admin.token, body: { ...body, tax_id: '529.982.247-24' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ property: 'tax_id', message: { isTaxId: 'tax_id must be a valid CPF or CNPJ' } }]);
    expect(await ctx.count('users')).toBe(before);
    const right = await ctx.call('POST', '/api/user/user', { token: ctx.admin.token, body: { ...body, tax_id: '52998224725' } });
    expect(right.statusCode).toBe(201);
    expect(right.json().data.user.tax_id).toBe('529.982.247-25');
  });

  it('a saved profile is what the next read of the own record answers (the session user the screen refreshes)', async () => {
    const user = await ctx.staff([]);
    const body = { name: ' Joana ', last_name: 'Prado', biography: 'Escrevo sobre vendas.', phone: '+55 11 98888-7777', gender: 'female', tax_id: '11222333000181' };
    const saved = await ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, { token: user.token, body });
    expect(saved.statusCode).toBe(200);
    const read = await ctx.call('GET', `/api/user/user/${user.id}`, { token: user.token });
    expect(read.json().data).toMatchObject({ ...body, name: 'Joana', tax_id: '11.222.333/0001-81' });
    expect(read.json().data).toEqual(saved.json().data);
  });
});
