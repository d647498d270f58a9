import '../../../testing/setup';
import { screen } from '@testing-library/react';
import { mockHttp, ok } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { useUnreadCount } from '../api/get-message-counts';
import { UnreadBadge } from './unread-badge';

/** Marks the moment the counters' answer is in the cache the badge reads (the badge shows nothing before it either). */
function Answered() {
  return useUnreadCount().isSuccess ? <i data-testid="answered" /> : null;
}

const renderBadge = () =>
  renderPage(
    '/admin',
    <>
      <UnreadBadge />
      <Answered />
    </>,
    '/admin',
  );

describe('the inbox menu badge', () => {
  let http: ReturnType<typeof mockHttp>;
  afterEach(() => http.restore());

  it('shows the unread count', async () => {
    http = mockHttp(() => ok({ unread: 3, active: 5, archived: 1 }));
    renderBadge();
    const badge = await screen.findByTestId('unread-badge');
    expect(badge).toHaveTextContent('3 mensagens não lidas');
    expect(http.calls).toEqual([expect.objectContaining({ method: 'GET', url: '/message/messages-count' })]);
  });

  it('shows nothing when every message is read', async () => {
    http = mockHttp(() => ok({ unread: 0, active: 5, archived: 1 }));
    const { container } = renderBadge();
    await screen.findByTestId('answered');
    expect(http.calls).toHaveLength(1);
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('');
  });
});
