import { createQueryClient, queryKeys, retryTransient } from './queries';

const answered = (status: number) => Object.assign(new Error(`HTTP ${status}`), { response: { status } });

describe('admin reads (TanStack Query)', () => {
  it('retry only what may succeed later: no answer or a 5xx, at most twice', () => {
    expect(retryTransient(0, new Error('Network Error'))).toBe(true);
    expect(retryTransient(1, answered(503))).toBe(true);
    expect(retryTransient(2, answered(503))).toBe(false);
    expect(retryTransient(0, answered(400))).toBe(false);
    expect(retryTransient(0, answered(401))).toBe(false);
    expect(retryTransient(0, answered(404))).toBe(false);
  });

  it('a change to categories marks the table and every picker stale, and leaves articles alone', async () => {
    const client = createQueryClient({ retry: false });
    client.setQueryData(queryKeys.categories.table, { items: [] });
    client.setQueryData(queryKeys.categories.options, []);
    client.setQueryData(queryKeys.articles.list({ page: 1, limit: 10 }), { items: [] });
    await client.invalidateQueries({ queryKey: queryKeys.categories.all });
    expect(client.getQueryState(queryKeys.categories.table)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.categories.options)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.articles.list({ page: 1, limit: 10 }))?.isInvalidated).toBe(false);
  });

  it('an inbox change marks the lists and the counters (the menu badge) stale, never the opened message', async () => {
    const client = createQueryClient({ retry: false });
    client.setQueryData(queryKeys.messages.list({ filter: 'unread', page: 1 }), { items: [] });
    client.setQueryData(queryKeys.messages.counts, { unread: 1, active: 1, archived: 0 });
    client.setQueryData(queryKeys.messages.detail(12, 'k3y'), { id: 12 });
    await client.invalidateQueries({ queryKey: queryKeys.messages.inbox });
    expect(client.getQueryState(queryKeys.messages.list({ filter: 'unread', page: 1 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.messages.counts)?.isInvalidated).toBe(true);
    // reading it again (message-open) would mark it read
    expect(client.getQueryState(queryKeys.messages.detail(12, 'k3y'))?.isInvalidated).toBe(false);
  });

  it('de-duplicates: two readers of one key make one request', async () => {
    const client = createQueryClient({ retry: false });
    const fetcher = jest.fn(async () => ['a']);
    const [a, b] = await Promise.all([
      client.fetchQuery({ queryKey: queryKeys.categories.options, queryFn: fetcher }),
      client.fetchQuery({ queryKey: queryKeys.categories.options, queryFn: fetcher }),
    ]);
    expect(a).toEqual(['a']);
    expect(b).toEqual(['a']);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
