import { fireEvent, render, screen } from '@testing-library/react';
import './test-i18n';
import { LanguageSwitcher } from './language-switcher';

describe('LanguageSwitcher', () => {
  it('lists the five locales by native name, with the value selected', () => {
    render(<LanguageSwitcher value="pt-BR" onChange={jest.fn()} />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('pt-BR');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Português (Brasil)', 'English (US)', 'Español', 'Français', 'Kreyòl ayisyen']);
    expect(options[4]).toHaveAttribute('lang', 'ht-HT');
  });

  it('calls onChange with the chosen locale', () => {
    const onChange = jest.fn();
    render(<LanguageSwitcher value="pt-BR" onChange={onChange} label="Idioma" />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Idioma' }), { target: { value: 'fr-FR' } });
    expect(onChange).toHaveBeenCalledWith('fr-FR');
  });
});
