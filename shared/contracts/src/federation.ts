import type { ComponentType } from 'react';
import type { RouteName } from './routes';

/** The container names of the remotes (never a reserved word such as `public`). */
export const REMOTES = { public: 'public_remote', admin: 'admin_remote' } as const;
export type RemoteName = (typeof REMOTES)[keyof typeof REMOTES];

/**
 * The small fixed surface each remote exposes as `./pages`: one component
 * (lazy inside the remote) per route name it renders. The shell owns the router;
 * a route whose page a remote does not (yet) export shows not-found.
 */
export interface RemotePagesModule {
  pages: Partial<Record<RouteName, ComponentType>>;
}

/**
 * The id of the `<script type="application/json">` in which the server embeds the
 * API answers of a page's first render (`{ "<api path>": <answer> }`); read by
 * @vitrine/core's http client, written by the API's crawler pages.
 */
export const INITIAL_DATA_ID = 'vt-initial-data';
