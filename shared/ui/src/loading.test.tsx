import { act, render, screen } from '@testing-library/react';
import './test-i18n';
import { loading, LoadingOverlay, LogoLoader, PageLoader, useLoading } from './loading';

beforeEach(() => {
  jest.useFakeTimers();
  act(() => loading.reset());
});
afterEach(() => {
  jest.useRealTimers();
});

const overlay = () => screen.queryByRole('progressbar');

describe('LoadingOverlay', () => {
  it('is hidden until show()', () => {
    render(<LoadingOverlay />);
    expect(overlay()).toBeNull();
    act(() => loading.show());
    expect(overlay()).toHaveAttribute('aria-busy', 'true');
    expect(overlay()).toHaveAccessibleName('Loading…');
  });

  it('hides 500 ms after hide(): still visible at 499 ms, gone at 500', () => {
    render(<LoadingOverlay />);
    act(() => loading.show());
    act(() => loading.hide());
    act(() => jest.advanceTimersByTime(499));
    expect(overlay()).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(overlay()).toBeNull();
  });

  it('counts nested shows', () => {
    render(<LoadingOverlay />);
    act(() => {
      loading.show();
      loading.show();
      loading.hide();
    });
    act(() => jest.advanceTimersByTime(1000));
    expect(overlay()).toBeInTheDocument();
    act(() => loading.hide());
    act(() => jest.advanceTimersByTime(500));
    expect(overlay()).toBeNull();
  });

  it('stays up when shown again during the hide delay', () => {
    render(<LoadingOverlay />);
    act(() => loading.show());
    act(() => loading.hide());
    act(() => jest.advanceTimersByTime(300));
    act(() => loading.show());
    act(() => jest.advanceTimersByTime(300));
    expect(overlay()).toBeInTheDocument();
  });

  it('ignores a hide() without a show()', () => {
    render(<LoadingOverlay />);
    act(() => {
      loading.hide();
      loading.hide();
      loading.show();
    });
    act(() => jest.advanceTimersByTime(600));
    expect(overlay()).toBeInTheDocument();
    expect(loading.isVisible()).toBe(true);
  });

  it('reset() hides at once', () => {
    render(<LoadingOverlay label="Aguarde" />);
    act(() => loading.show());
    expect(overlay()).toHaveAccessibleName('Aguarde');
    act(() => loading.reset());
    expect(overlay()).toBeNull();
  });
});

describe('useLoading', () => {
  it('exposes visibility and the actions', () => {
    function Probe() {
      const { visible, show } = useLoading();
      return (
        <button type="button" onClick={show}>
          {visible ? 'busy' : 'idle'}
        </button>
      );
    }
    render(<Probe />);
    expect(screen.getByRole('button')).toHaveTextContent('idle');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('busy');
  });
});

describe('LogoLoader', () => {
  it('shows a status with the logo only while active', () => {
    const { rerender } = render(<LogoLoader active={false} />);
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<LogoLoader active />);
    expect(screen.getByRole('status')).toHaveAccessibleName('Loading the page…');
  });
});

describe('PageLoader', () => {
  it('is the logo mark as a status, named in the page language', () => {
    render(<PageLoader />);
    const status = screen.getByTestId('page-loader');
    expect(status).toHaveAttribute('role', 'status');
    expect(status.getAttribute('aria-label')).toBeTruthy();
    expect(status.querySelector('svg')).not.toBeNull();
  });
});
