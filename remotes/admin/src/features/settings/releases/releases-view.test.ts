import type { Release, RemoteReleases } from '@vitrine/contracts';
import { mismatchOf, releaseCommands, requirementsOf, rollbackOf, standingOf } from './releases-view';

const release = (overrides: Partial<Release> = {}): Release => ({
  id: '20261128063135-94b24bd7',
  built_at: '2026-11-28T06:31:35.000Z',
  published_at: '2026-11-28T06:35:00.000Z',
  requires: { '@vitrine/ui': '^1.1.0', '@vitrine/core': '^2.0.0' },
  files: 10,
  bytes: 1000,
  active: false,
  previous: false,
  compatible: true,
  ...overrides,
});

const reason = (pkg: string, needs: string, has: string) =>
  `admin release 20261128063135-94b24bd7 needs ${pkg} ${needs}, which the shell does not provide (it has ${has}, read from /srv/shell/dist/mf-manifest.json): deploy a shell that provides it first`;

describe('releases view', () => {
  it('spells the release commands as the README does', () => {
    expect(releaseCommands.activate('public', '20261128054312-a1b2c3d4')).toBe('npm run release -- activate public 20261128054312-a1b2c3d4');
    expect(releaseCommands.rollback('admin')).toBe('npm run release -- rollback admin');
    expect(releaseCommands.publish('public')).toBe('npm run release -- publish public');
  });

  it('tells where a release stands: incompatible before active, unknown when the server cannot tell', () => {
    expect(standingOf(release({ active: true }))).toBe('active');
    expect(standingOf(release())).toBe('ready');
    expect(standingOf(release({ compatible: null }))).toBe('unknown');
    expect(standingOf(release({ compatible: false, active: true }))).toBe('incompatible');
  });

  it("reads the package the shell lacks from the server's reason, a range with spaces included; null when worded otherwise", () => {
    expect(mismatchOf(release({ compatible: false, incompatibility: reason('@vitrine/core', '^3.0.0', '2.0.0') }))).toEqual({ pkg: '@vitrine/core', needs: '^3.0.0', has: '2.0.0' });
    expect(mismatchOf(release({ compatible: false, incompatibility: reason('@vitrine/ui', '>=1.2.0 <2.0.0', '1.1.0') }))).toEqual({ pkg: '@vitrine/ui', needs: '>=1.2.0 <2.0.0', has: '1.1.0' });
    expect(mismatchOf(release({ compatible: false, incompatibility: 'something else went wrong' }))).toBeNull();
    expect(mismatchOf(release({ compatible: false }))).toBeNull();
    expect(mismatchOf(release({ incompatibility: reason('@vitrine/core', '^3.0.0', '2.0.0') }))).toBeNull();
  });

  it('lists the requirements by package, the unmet one marked', () => {
    expect(requirementsOf(release({ compatible: false, incompatibility: reason('@vitrine/ui', '^1.1.0', '1.0.0') }))).toEqual([
      { pkg: '@vitrine/core', range: '^2.0.0', unmet: false },
      { pkg: '@vitrine/ui', range: '^1.1.0', unmet: true },
    ]);
    expect(requirementsOf(release({ requires: {} }))).toEqual([]);
  });

  it('says what a rollback would do: go back, be refused, or nothing', () => {
    const remote = (previous: Release | null): RemoteReleases => ({
      remote: 'public',
      active: 'a',
      previous: previous?.id ?? null,
      keep: 5,
      releases: [release({ id: '20261128063135-aaaaaaaa', active: true }), ...(previous ? [previous] : [])],
    });
    const before = release({ id: '20261127063135-bbbbbbbb', previous: true });
    expect(rollbackOf(remote(before))).toEqual({ kind: 'ready', target: before });
    const unfit = { ...before, compatible: false };
    expect(rollbackOf(remote(unfit))).toEqual({ kind: 'refused', target: unfit });
    const unknown = { ...before, compatible: null };
    expect(rollbackOf(remote(unknown))).toEqual({ kind: 'refused', target: unknown });
    expect(rollbackOf(remote(null))).toEqual({ kind: 'none' });
  });
});
