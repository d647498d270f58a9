import type { ComponentType } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './queries';

let client: QueryClient | undefined;

/** One QueryClient for this remote, made when its first page mounts (the shell never sees it). */
export function remoteQueryClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}

/** A page of the remote with the remote's QueryClient around it (what pages.ts exposes to the shell). */
export function withQueryClient(Page: ComponentType): ComponentType {
  function WithQueryClient() {
    return (
      <QueryClientProvider client={remoteQueryClient()}>
        <Page />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Page.displayName ?? Page.name})`;
  return WithQueryClient;
}
