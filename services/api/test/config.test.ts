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

  it('runs job workers unless JOBS=off, in the pgboss schema unless JOBS_SCHEMA says otherwise', () => {
    expect(loadConfig({}, '/repo')).toMatchObject({ jobsWorkers: true, jobsSchema: 'pgboss' });
    expect(loadConfig({ JOBS: 'off', JOBS_SCHEMA: 'vitrine_jobs' }, '/repo')).toMatchObject({ jobsWorkers: false, jobsSchema: 'vitrine_jobs' });
    expect(loadConfig({ JOBS: 'ON' }, '/repo').jobsWorkers).toBe(true);
    expect(() => loadConfig({ JOBS: 'yes' })).toThrow('JOBS must be "on" or "off"');
    expect(() => loadConfig({ JOBS_SCHEMA: 'jobs; drop' })).toThrow('JOBS_SCHEMA');
  });
});
