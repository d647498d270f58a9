-- Versioned releases of the two Module Federation remotes (docs/decisions/releases.md). A remote's build (its
-- browser files and its server build together) is published as an immutable release: its files in the releases
-- folder (RELEASES_DIR/<remote>/<id>/), its record here. Which release each remote serves is the pointer below,
-- changed only by an activation or a rollback, which notifies every replica (channel vitrine_releases).

CREATE TABLE remote_releases (
  remote text NOT NULL CHECK (remote IN ('public', 'admin')),
  -- <build time, yyyymmddhhmmss UTC>-<the first 8 hex digits of content_hash>
  id text NOT NULL CHECK (id ~ '^[0-9]{14}-[0-9a-f]{8}$'),
  -- sha256 over the release's files (their paths and contents): the same build published again is the same release
  content_hash text NOT NULL,
  built_at timestamptz NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  -- What the build requires of the shared surface, from its mf-manifest.json: { "@vitrine/core": "^2.0.0", … }
  requires jsonb NOT NULL DEFAULT '{}'::jsonb,
  files integer NOT NULL,
  bytes bigint NOT NULL,
  -- Set when the retention removed its files (the record stays: the history names it)
  removed_at timestamptz,
  PRIMARY KEY (remote, id),
  UNIQUE (remote, content_hash)
);

-- One row per remote once it has an active release; previous_id is where a rollback goes.
CREATE TABLE remote_release_pointers (
  remote text PRIMARY KEY CHECK (remote IN ('public', 'admin')),
  release_id text NOT NULL,
  previous_id text,
  changed_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (remote, release_id) REFERENCES remote_releases (remote, id),
  FOREIGN KEY (remote, previous_id) REFERENCES remote_releases (remote, id)
);

-- Every change of a pointer, in order: what became active, what was active before, how and by whom.
CREATE TABLE remote_release_history (
  seq bigserial PRIMARY KEY,
  remote text NOT NULL CHECK (remote IN ('public', 'admin')),
  release_id text NOT NULL,
  previous_id text,
  action text NOT NULL CHECK (action IN ('first', 'activate', 'rollback')),
  actor text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (remote, release_id) REFERENCES remote_releases (remote, id)
);
CREATE INDEX remote_release_history_release_idx ON remote_release_history (remote, release_id, seq DESC);
