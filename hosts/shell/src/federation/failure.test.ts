import { incompatibility, loadFailureKind, renderFailureKind } from './failure';

const refused = (pkg = '@vitrine/core', needs = '^2.0.0') =>
  new Error(
    `[ Federation Runtime ]: Version 1.4.0 from shell of shared singleton module ${pkg} does not satisfy the requirement of admin_remote which needs ${needs})`,
  );

describe('the fallback chosen for a remote that cannot be shown', () => {
  it('is "incompatible" when the remote needs a shared version the shell lacks, also when wrapped', () => {
    expect(loadFailureKind(refused())).toBe('incompatible');
    expect(loadFailureKind(new Error('loadRemote failed', { cause: refused('@vitrine/ui', '^1.5.0') }))).toBe('incompatible');
    expect(renderFailureKind(refused())).toBe('incompatible');
    expect(incompatibility(refused('@vitrine/i18n', '^1.2.0'))).toEqual({ pkg: '@vitrine/i18n', remote: 'admin_remote', needs: '^1.2.0' });
  });

  it('is "load" when the manifest or a chunk could not be fetched', () => {
    expect(loadFailureKind(new Error('[ Federation Runtime ]: RUNTIME-003 failed to fetch manifest'))).toBe('load');
    expect(loadFailureKind('offline')).toBe('load');
    expect(loadFailureKind(undefined)).toBe('load');
    const chunk = Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' });
    expect(renderFailureKind(chunk)).toBe('load');
  });

  it('is "render" when a page threw', () => {
    expect(renderFailureKind(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe('render');
    expect(incompatibility(new TypeError('x'))).toBeNull();
  });
});
