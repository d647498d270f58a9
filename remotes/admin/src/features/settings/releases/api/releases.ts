import type { RemoteReleases } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/**
 * Each remote's kept releases, newest first, with the active and the previous one (settings, tab "releases"; the API
 * answers administrators only, policy admin-type). Read only: releases are published, activated and rolled back on
 * the server with `npm run release` (docs/decisions/releases.md).
 */
export async function listReleases(): Promise<RemoteReleases[]> {
  const { data } = await http.get<{ data: RemoteReleases[] }>('/system/releases');
  return data.data;
}
