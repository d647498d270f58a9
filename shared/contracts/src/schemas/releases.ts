import { Type } from 'typebox';

/** The two remotes that ship as versioned releases (docs/decisions/releases.md). */
export const ReleaseRemoteSchema = Type.Union([Type.Literal('public'), Type.Literal('admin')]);

/** One kept release of a remote: its build, what it requires of the shared surface, whether it is active. */
export const ReleaseSchema = Type.Object({
  /** `<build time yyyymmddhhmmss UTC>-<8 hex digits of its content hash>` */
  id: Type.String({ pattern: '^[0-9]{14}-[0-9a-f]{8}$' }),
  built_at: Type.String({ format: 'date-time' }),
  published_at: Type.String({ format: 'date-time' }),
  /** The shared-surface ranges it was built against (its mf-manifest.json), e.g. { "@vitrine/core": "^2.0.0" }. */
  requires: Type.Record(Type.String(), Type.String()),
  files: Type.Integer({ minimum: 0 }),
  bytes: Type.Integer({ minimum: 0 }),
  active: Type.Boolean(),
  /** Where a rollback goes. */
  previous: Type.Boolean(),
  /** Whether the shell's shared surface satisfies it (null: the shell's versions are unknown); only a compatible one is activated. */
  compatible: Type.Union([Type.Boolean(), Type.Null()]),
  incompatibility: Type.Optional(Type.String()),
});

/** A remote's kept releases, newest first, and the active and previous ones. */
export const RemoteReleasesSchema = Type.Object({
  remote: ReleaseRemoteSchema,
  active: Type.Union([Type.String(), Type.Null()]),
  previous: Type.Union([Type.String(), Type.Null()]),
  /** How many releases the retention keeps besides the active and the previous one (RELEASES_KEEP). */
  keep: Type.Integer({ minimum: 1 }),
  releases: Type.Array(ReleaseSchema),
});

/** GET /api/system/releases: each remote's releases. */
export const ReleasesSchema = Type.Object({ data: Type.Array(RemoteReleasesSchema) });
