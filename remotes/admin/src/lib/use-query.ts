import { useCallback, useEffect, useRef, useState } from 'react';

export interface QueryState<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  reload: () => void;
}

/**
 * Runs `fetcher` whenever `key` changes (or on `reload`) and keeps the last
 * data while the next request runs, so a table does not flash empty. A stale
 * answer (the key changed meanwhile) is dropped.
 */
export function useQuery<T>(key: string, fetcher: () => Promise<T>, enabled = true): QueryState<T> {
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; error: unknown }>({
    data: undefined,
    loading: enabled,
    error: undefined,
  });

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    fetcherRef.current().then(
      (data) => current && setState({ data, loading: false, error: undefined }),
      (error: unknown) => current && setState((s) => ({ data: s.data, loading: false, error })),
    );
    return () => {
      current = false;
    };
  }, [key, tick, enabled]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}
