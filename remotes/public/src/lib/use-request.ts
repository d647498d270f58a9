import { useCallback, useEffect, useRef, useState } from 'react';

export type RequestState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/** An answer known before the page renders (the route's loaded data): a success, or a failure with its HTTP status. */
export type Seed<T> = { ok: true; data: T } | { ok: false; status: number };

/** A failed request as the pages read it (`statusOf`), for a seeded failure. */
function seededError(status: number): unknown {
  return { response: { status } };
}

/**
 * Runs `load` when `key` changes (and on retry) and keeps only the latest
 * answer: a slow reply for an old key never overwrites a newer one. The
 * request is identified by `key`, so `load` may be a new closure each render.
 * A `null` key loads nothing (the page has nothing to ask for).
 *
 * A `seed` is the answer for this key already loaded with the route (server render, or the
 * router's loader on a navigation): it is shown at once, in the very first render, so the
 * server's HTML and the browser's hydration agree and nothing is fetched; Retry fetches anew.
 */
export function useRequest<T>(key: string | null, load: () => Promise<T>, seed?: Seed<T>): RequestState<T> & { retry: () => void } {
  const [state, setState] = useState<RequestState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [retried, setRetried] = useState<string | null>(null);
  const loader = useRef(load);
  const seeded = seed !== undefined && retried !== key;

  useEffect(() => {
    loader.current = load;
  });

  useEffect(() => {
    if (key === null || seeded) return;
    let live = true;
    setState({ status: 'loading' });
    loader.current().then(
      (data) => live && setState({ status: 'success', data }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [key, attempt, seeded]);

  const retry = useCallback(() => {
    setRetried(key);
    setAttempt((n) => n + 1);
  }, [key]);
  if (seeded) {
    return seed.ok ? { status: 'success', data: seed.data, retry } : { status: 'error', error: seededError(seed.status), retry };
  }
  return { ...state, retry };
}

/** The HTTP status of a failed request, if the server answered. */
export function statusOf(error: unknown): number | undefined {
  const response = (error as { response?: { status?: unknown } } | null)?.response;
  return typeof response?.status === 'number' ? response.status : undefined;
}
