import { checkCompatibility, IncompatibleRemoteError } from './compatibility';
import { incompatibility, loadFailureKind } from './failure';

const provided = { '@vitrine/core': '1.0.0', '@vitrine/ui': '1.2.3', '@vitrine/i18n': '1.0.0' };
const manifest = (required: Record<string, string | false>) => ({
  shared: [
    { name: 'react', requiredVersion: '19.3.1' },
    ...Object.entries(required).map(([name, requiredVersion]) => ({ name, requiredVersion })),
  ],
});

describe("a remote's manifest against the shell's shared surface", () => {
  it('accepts ranges the shell satisfies (same version, older minor required, libraries ignored)', () => {
    expect(checkCompatibility('admin_remote', manifest({ '@vitrine/core': '^1.0.0', '@vitrine/ui': '^1.1.0' }), provided)).toBeNull();
    expect(checkCompatibility('admin_remote', manifest({ '@vitrine/i18n': false }), provided)).toBeNull();
    expect(checkCompatibility('admin_remote', {}, provided)).toBeNull();
  });

  it('refuses a remote that needs a newer minor or another major, naming the package and both versions', () => {
    const newer = checkCompatibility('admin_remote', manifest({ '@vitrine/core': '^1.1.0' }), provided);
    expect(newer).toBeInstanceOf(IncompatibleRemoteError);
    expect(newer?.message).toBe('admin_remote needs @vitrine/core ^1.1.0, which this shell does not provide (it has 1.0.0)');
    const major = checkCompatibility('public_remote', manifest({ '@vitrine/ui': '^2.0.0' }), provided);
    expect(major).toMatchObject({ remote: 'public_remote', pkg: '@vitrine/ui', needs: '^2.0.0', has: '1.2.3' });
    expect(loadFailureKind(major)).toBe('incompatible');
    expect(incompatibility(major)).toEqual({ remote: 'public_remote', pkg: '@vitrine/ui', needs: '^2.0.0' });
  });
});
