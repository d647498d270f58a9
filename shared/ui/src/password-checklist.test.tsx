import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { testI18n } from './test-i18n';
import { PasswordChecklist } from './password-checklist';
import { TextField } from './text-field';

afterEach(async () => {
  await act(async () => {
    await testI18n.changeLanguage('en-US');
  });
});

function Form() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return (
    <>
      <TextField label="Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <TextField label="Confirm" type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      <PasswordChecklist password={password} confirm={confirm} />
    </>
  );
}

const item = (check: string) => document.querySelector(`[data-check="${check}"]`) as HTMLElement;

describe('PasswordChecklist', () => {
  it('lists every policy item, none met for an empty password, with no weak message yet', () => {
    render(<PasswordChecklist password="" />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-check'))).toEqual(['length', 'number', 'special', 'lowercase', 'uppercase']);
    expect(items.every((li) => li.getAttribute('data-met') === 'false')).toBe(true);
    expect(within(items[0] as HTMLElement).getByText('✗')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('At least 8 characters (not met)');
    expect(screen.queryByText('Your password is weak')).toBeNull();
  });

  it('marks items live as the password is typed', () => {
    render(<Form />);
    const input = screen.getByLabelText('Password');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(item('lowercase')).toHaveAttribute('data-met', 'true');
    expect(item('lowercase')).toHaveTextContent('✓ A lowercase letter (met)');
    expect(item('uppercase')).toHaveAttribute('data-met', 'false');
    expect(screen.getByText('Your password is weak')).toBeInTheDocument();

    fireEvent.change(input, { target: { value: 'abcDEF12' } });
    expect(item('length')).toHaveAttribute('data-met', 'true');
    expect(item('number')).toHaveAttribute('data-met', 'true');
    expect(item('special')).toHaveAttribute('data-met', 'false');

    fireEvent.change(input, { target: { value: 'abcDEF1!' } });
    expect(screen.getAllByRole('listitem').slice(0, 5).every((li) => li.getAttribute('data-met') === 'true')).toBe(true);
    expect(screen.queryByText('Your password is weak')).toBeNull();
    expect(screen.getByText('Your password is strong')).toBeInTheDocument();
  });

  it('checks that the two passwords match when a confirmation is given', () => {
    render(<Form />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abcDEF1!' } });
    expect(item('match')).toHaveAttribute('data-met', 'false');
    fireEvent.change(screen.getByLabelText('Confirm'), { target: { value: 'abcDEF1!' } });
    expect(item('match')).toHaveAttribute('data-met', 'true');
  });

  it('has no match item without a confirmation', () => {
    render(<PasswordChecklist password="x" />);
    expect(item('match')).toBeNull();
  });

  it('speaks the current language', async () => {
    render(<PasswordChecklist password="abc" />);
    await act(async () => {
      await testI18n.changeLanguage('pt-BR');
    });
    expect(screen.getByText('Sua senha é fraca')).toBeInTheDocument();
    expect(item('length')).toHaveTextContent('Pelo menos 8 caracteres');
  });
});
