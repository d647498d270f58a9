import { act, fireEvent, render, screen } from '@testing-library/react';
import './test-i18n';
import { notify, Notifications } from './notifications';

beforeEach(() => {
  jest.useFakeTimers();
  act(() => notify.clear());
});
afterEach(() => jest.useRealTimers());

describe('Notifications', () => {
  it('renders in a polite live region', () => {
    render(<Notifications />);
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveAttribute('aria-live', 'polite');
  });

  it.each(['success', 'error', 'warning', 'info'] as const)('shows notify.%s', (type) => {
    render(<Notifications />);
    act(() => {
      notify[type](`texto ${type}`);
    });
    const item = screen.getByTestId('notification');
    expect(item).toHaveTextContent(`texto ${type}`);
    expect(item).toHaveClass(`vt-notification--${type}`);
  });

  it('closes by itself after 5000 ms', () => {
    render(<Notifications />);
    act(() => {
      notify.success('Salvo');
    });
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Salvo')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Salvo')).toBeNull();
  });

  it('closes with its close button', () => {
    render(<Notifications closeLabel="Fechar" />);
    act(() => {
      notify.error('Falhou');
      notify.info('Outra');
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Fechar' })[0] as HTMLElement);
    expect(screen.queryByText('Falhou')).toBeNull();
    expect(screen.getByText('Outra')).toBeInTheDocument();
  });

  it('keeps a notification with timeout 0 until dismissed', () => {
    render(<Notifications />);
    let id = 0;
    act(() => {
      id = notify.warning('Fica', { timeout: 0 });
    });
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Fica')).toBeInTheDocument();
    act(() => notify.dismiss(id));
    expect(screen.queryByText('Fica')).toBeNull();
  });
});
