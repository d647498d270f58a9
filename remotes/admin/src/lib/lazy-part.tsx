import { lazy, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { loadAdminTexts } from '../texts';
import { remoteQueryClient } from './query-client';

type Scope = ComponentType<{ children: ReactNode }>;

/** The part with what it needs around it: the remote's QueryClient, and antd's configuration for a part that uses antd. */
function inRemoteScope(Part: ComponentType, AntdScope: Scope | undefined): ComponentType {
  function InRemoteScope() {
    return <QueryClientProvider client={remoteQueryClient()}>{AntdScope ? <AntdScope><Part /></AntdScope> : <Part />}</QueryClientProvider>;
  }
  InRemoteScope.displayName = `InRemoteScope(${Part.displayName ?? Part.name})`;
  return InRemoteScope;
}

/**
 * A part of the remote the shell draws (a page, the chrome, a menu badge): its own chunk and the admin texts,
 * fetched together (it never renders without its texts). A part built on antd (`antd: true`) also fetches
 * antd's configuration (theme, antd's texts in the interface language, the App context); the chrome and the
 * dashboard use none, so the first screen after signing in loads no antd (docs/decisions/admin-weight.md).
 */
export const lazyPart = (load: () => Promise<ComponentType>, { antd }: { antd: boolean }) =>
  lazy(() =>
    Promise.all([load(), loadAdminTexts(), antd ? import('./antd-scope').then((m) => m.AntdScope) : undefined]).then(([Component, , AntdScope]) => ({
      default: inRemoteScope(Component, AntdScope),
    })),
  );
