import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './queries';

let client: QueryClient | undefined;

/** One QueryClient for this remote, made when its first page mounts (the shell never sees it). */
export function remoteQueryClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}
