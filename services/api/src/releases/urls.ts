import type { ReleaseRemote } from './files';

/**
 * Where browsers find a release's manifest, from the configured URL of the remote (PUBLIC_REMOTE_URL /
 * ADMIN_REMOTE_URL): a `{release}` in it is replaced by the release id (a CDN's layout, e.g.
 * `https://cdn.example.com/public/{release}/mf-manifest.json`); the default same-origin URL
 * (`/remotes/<remote>/mf-manifest.json`) becomes the release's own path on this server,
 * `/remotes/<remote>/r/<id>/mf-manifest.json`; any other URL is left as it is (its host serves one build). Without a
 * release, the configured URL without the placeholder's segment.
 */
export function remoteUrlFor(configured: string, remote: ReleaseRemote, release: string | undefined): string {
  if (configured.includes('{release}')) return release ? configured.split('{release}').join(release) : configured.replace(/\{release\}\/?/g, '');
  if (release && configured === `/remotes/${remote}/mf-manifest.json`) return `/remotes/${remote}/r/${release}/mf-manifest.json`;
  return configured;
}

/** The folder URL of a manifest URL (where the remote's other files are, relative to it). */
export const folderOf = (manifestUrl: string): string => manifestUrl.replace(/[^/]*$/, '');
