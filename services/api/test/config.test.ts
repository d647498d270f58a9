import { loadConfig } from '../src/config';

describe('config', () => {
  it('reads the defaults once', () => {
    const config = loadConfig({}, '/repo');
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/repo/data',
      databaseUrl: undefined,
      mailFrom: 'Vitrine <no-reply@vitrine.local>',
      publicUrl: 'http://localhost:8080',
      publicRemoteUrl: '/remotes/public/mf-manifest.json',
      adminRemoteUrl: '/remotes/admin/mf-manifest.json',
      logLevel: 'info',
    });
  });

  it('honours the environment', () => {
    const config = loadConfig({ PORT: '9000', DATA_DIR: '/tmp/x', PUBLIC_URL: 'https://vitrine.com.br/', DATABASE_URL: 'postgres://db/v' }, '/repo');
    expect(config).toMatchObject({ port: 9000, dataDir: '/tmp/x', publicUrl: 'https://vitrine.com.br', databaseUrl: 'postgres://db/v' });
  });

  it('refuses an invalid admin email, a weak admin password and a bad port', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'admin@vitrine.local' })).toThrow('ADMIN_EMAIL');
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password' })).toThrow('ADMIN_PASSWORD');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('PORT');
  });

  it('trusts no proxy by default; TRUST_PROXY takes addresses, CIDRs or a hop count, never true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback, fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback', 'fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY=true');
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow('hop count');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('"10.0.0.0/33"');
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow('"proxy.local"');
  });

  it('reads CORS_ORIGINS and CSP_EXTRA_ORIGINS as origins and refuses anything else', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://www.example.com, http://localhost:8080' }).corsOrigins).toEqual(['https://www.example.com', 'http://localhost:8080']);
    expect(loadConfig({ CSP_EXTRA_ORIGINS: 'https://cdn.example.com' }).cspExtraOrigins).toEqual(['https://cdn.example.com']);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://www.example.com/app' })).toThrow('CORS_ORIGINS');
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow('CORS_ORIGINS');
    expect(() => loadConfig({ CSP_EXTRA_ORIGINS: 'javascript:alert(1)' })).toThrow('CSP_EXTRA_ORIGINS');
  });

  it('runs job workers unless JOBS=off, in the pgboss schema unless JOBS_SCHEMA says otherwise', () => {
    expect(loadConfig({}, '/repo')).toMatchObject({ jobsWorkers: true, jobsSchema: 'pgboss' });
    expect(loadConfig({ JOBS: 'off', JOBS_SCHEMA: 'vitrine_jobs' }, '/repo')).toMatchObject({ jobsWorkers: false, jobsSchema: 'vitrine_jobs' });
    expect(loadConfig({ JOBS: 'ON' }, '/repo').jobsWorkers).toBe(true);
    expect(() => loadConfig({ JOBS: 'yes' })).toThrow('JOBS must be "on" or "off"');
    expect(() => loadConfig({ JOBS_SCHEMA: 'jobs; drop' })).toThrow('JOBS_SCHEMA');
  });

  it("sends webhooks only to public addresses unless WEBHOOK_ALLOW_PRIVATE, with a time limit per delivery", () => {
    expect(loadConfig({}, '/repo')).toMatchObject({ webhookAllowPrivate: false, webhookTimeoutMs: 10_000 });
    for (const on of ['1', 'on', 'true']) expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: on }, '/repo').webhookAllowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '0', WEBHOOK_TIMEOUT_MS: '2500' }, '/repo')).toMatchObject({ webhookAllowPrivate: false, webhookTimeoutMs: 2500 });
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'maybe' })).toThrow('WEBHOOK_ALLOW_PRIVATE must be "on" or "off"');
  });
});
