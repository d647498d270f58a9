import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import './test-i18n';
import { Button } from './button';
import { Logo } from './logo';
import { Skeleton } from './skeleton';
import { Spinner } from './spinner';
import { TextField } from './text-field';
import { cssVariables, palette, themeTokens } from './theme';

describe('theme', () => {
  it('declares the same custom properties in styles.css as in theme.ts', () => {
    const css = readFileSync(path.join(__dirname, 'styles.css'), 'utf8');
    for (const [name, value] of Object.entries(cssVariables)) {
      expect(css).toContain(`${name}: ${value};`);
    }
  });

  it('feeds antd-named seed tokens from the palette', () => {
    expect(themeTokens.colorPrimary).toBe(palette.primary);
    expect(themeTokens.colorError).toBe(palette.negative);
    expect(themeTokens.colorSuccess).toBe(palette.positive);
    expect(themeTokens.colorWarning).toBe(palette.warning);
    expect(themeTokens.colorInfo).toBe(palette.info);
  });
});

describe('Logo', () => {
  it('is one image named Vitrine with the wordmark', () => {
    render(<Logo />);
    const logo = screen.getByRole('img', { name: 'Vitrine' });
    expect(logo).toHaveTextContent('Vitrine');
    expect(logo).toHaveClass('vt-logo--dark');
  });

  it('drops the wordmark when compact and takes the light variant', () => {
    render(<Logo compact variant="light" size={24} />);
    const logo = screen.getByRole('img', { name: 'Vitrine' });
    expect(logo).not.toHaveTextContent('Vitrine');
    expect(logo).toHaveClass('vt-logo--light');
    expect(logo.querySelector('svg')).toHaveAttribute('height', '24');
  });
});

describe('Spinner', () => {
  it('is a status named by its label, or Loading… without one', () => {
    const { rerender } = render(<Spinner label="" />);
    expect(screen.getByRole('status')).toHaveAccessibleName('Loading…');
    rerender(<Spinner label="Buscando artigos" />);
    expect(screen.getByRole('status')).toHaveAccessibleName('Buscando artigos');
    expect(screen.getByText('Buscando artigos')).toBeInTheDocument();
  });
});

describe('Button', () => {
  it('defaults to a primary type=button', () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Salvar</Button>);
    const button = screen.getByRole('button', { name: 'Salvar' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('vt-btn', 'vt-btn--primary');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalled();
  });

  it('blocks clicks and says busy while loading', () => {
    const onClick = jest.fn();
    render(
      <Button loading variant="danger" onClick={onClick}>
        Excluir
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Excluir' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('TextField', () => {
  it('labels the input and links hint and error', () => {
    render(<TextField label="E-mail" hint="Use o e-mail da empresa" error="Invalid email address" describedBy="extra" required />);
    const input = screen.getByRole('textbox', { name: /E-mail/ });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Use o e-mail da empresa Invalid email address');
    expect(input.getAttribute('aria-describedby')).toMatch(/-hint .*-error extra$/);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email address');
  });

  it('is valid and undescribed without hint or error', () => {
    render(<TextField label="Nome" id="name" />);
    const input = screen.getByRole('textbox', { name: 'Nome' });
    expect(input).toHaveAttribute('id', 'name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});

describe('Skeleton', () => {
  it('renders a hidden placeholder of the given size', () => {
    render(<Skeleton height={150} width={200} />);
    const block = screen.getByTestId('skeleton');
    expect(block).toHaveAttribute('aria-hidden', 'true');
    expect(block).toHaveStyle({ height: '150px', width: '200px' });
  });

  it('renders several lines, the last one shorter', () => {
    render(<Skeleton lines={3} />);
    const lines = screen.getByTestId('skeleton').children;
    expect(lines).toHaveLength(3);
    expect(lines[2]).toHaveStyle({ width: '60%' });
  });
});
