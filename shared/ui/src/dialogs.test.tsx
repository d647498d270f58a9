import { act, fireEvent, render, screen } from '@testing-library/react';
import './test-i18n';
import { alertDialog, confirm, ConfirmDialog, DialogHost } from './dialogs';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => jest.runOnlyPendingTimers());
  jest.useRealTimers();
});

async function settle<T>(promise: Promise<T>): Promise<T> {
  let value!: T;
  await act(async () => {
    value = await promise;
  });
  return value;
}

describe('confirm()', () => {
  it('renders a modal with the default OK / Cancel texts and resolves true on OK', async () => {
    render(<DialogHost />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ title: 'Excluir?', message: 'Não dá para desfazer.' });
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Não dá para desfazer.');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await settle(answer)).toBe(true);
  });

  it('resolves false on Cancel and uses the given texts', async () => {
    render(<DialogHost />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ title: 'Sair?', okText: 'Sair', cancelText: 'Ficar' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ficar' }));
    expect(await settle(answer)).toBe(false);
  });

  it('cancels on Escape', async () => {
    render(<DialogHost />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ title: 'Arquivar?' });
    });
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(await settle(answer)).toBe(false);
  });

  it('leaves after the 300 ms transition and returns focus', async () => {
    render(
      <>
        <button type="button">trigger</button>
        <DialogHost />
      </>,
    );
    screen.getByRole('button', { name: 'trigger' }).focus();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ title: 'Publicar?' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await settle(answer);
    act(() => jest.advanceTimersByTime(299));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'trigger' })).toHaveFocus();
  });

  it('shows queued dialogs one after the other', async () => {
    render(<DialogHost />);
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = confirm({ title: 'Primeiro' });
      second = confirm({ title: 'Segundo' });
    });
    expect(screen.getByRole('alertdialog', { name: 'Primeiro' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await settle(first);
    act(() => jest.advanceTimersByTime(300));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await settle(second)).toBe(false);
  });

  it('starts a danger confirm on Cancel', () => {
    render(<DialogHost />);
    act(() => {
      void confirm({ title: 'Excluir', tone: 'danger' });
    });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
  });
});

describe('alertDialog()', () => {
  it('has only OK and resolves when closed, also by Escape', async () => {
    render(<DialogHost />);
    let done!: Promise<void>;
    act(() => {
      done = alertDialog({ title: 'Warning', message: 'Expired token' });
    });
    expect(screen.getByRole('dialog', { name: 'Warning' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await expect(settle(done)).resolves.toBeUndefined();
  });
});

describe('ConfirmDialog', () => {
  it('renders nothing when closed', () => {
    render(<ConfirmDialog open={false} title="x" onOk={jest.fn()} onCancel={jest.fn()} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('traps Tab inside the dialog', () => {
    render(
      <>
        <button type="button">outside</button>
        <ConfirmDialog open title="Trap" okText="Sim" cancelText="Não" onOk={jest.fn()} onCancel={jest.fn()} />
      </>,
    );
    const dialog = screen.getByRole('alertdialog');
    const yes = screen.getByRole('button', { name: 'Sim' });
    const no = screen.getByRole('button', { name: 'Não' });
    expect(yes).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(no).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(yes).toHaveFocus();
  });

  it('calls onOk and onCancel', () => {
    const onOk = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog open title="T" onOk={onOk} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOk).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
