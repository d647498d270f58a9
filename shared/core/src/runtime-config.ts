/**
 * The runtime config the server serves at /remotes.json: where the API and
 * each remote live. Read once; a team moves a remote without rebuilding the shell.
 */
export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: Record<string, string>;
}

const DEFAULT_CONFIG: RuntimeConfig = {
  apiBaseUrl: '/api',
  remotes: {
    public_remote: '/remotes/public/mf-manifest.json',
    admin_remote: '/remotes/admin/mf-manifest.json',
  },
};

let current: RuntimeConfig = DEFAULT_CONFIG;
let loading: Promise<RuntimeConfig> | null = null;

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...current, ...config, remotes: { ...current.remotes, ...(config.remotes ?? {}) } };
  return current;
}

/** Fetches /remotes.json once; a missing or broken file keeps the defaults (same-origin deploy). */
export function loadRuntimeConfig(url = '/remotes.json'): Promise<RuntimeConfig> {
  loading ??= fetch(url, { cache: 'no-store' })
    .then((res) => (res.ok ? (res.json() as Promise<Partial<RuntimeConfig>>) : {}))
    .catch(() => ({}))
    .then((config) => setRuntimeConfig(config));
  return loading;
}
