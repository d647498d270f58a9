import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WhatsappButton as WhatsappSetting } from '@vitrine/contracts';
import { I18nextProvider, i18n, setLanguage } from '@vitrine/core';
import '../testing/render';
import { whatsappLink } from '@vitrine/utils';
import { WhatsappButton } from './whatsapp-button';

const setting = (overrides: Partial<WhatsappSetting> = {}): WhatsappSetting => ({
  description: 'Fale com um especialista',
  phone: '5511912345678',
  message: 'Olá! Quero um orçamento & prazo',
  color: '#25d366',
  text_color: '#111827',
  ...overrides,
});

function renderButton(value: WhatsappSetting) {
  return render(
    <I18nextProvider i18n={i18n}>
      <p>Conteúdo da página</p>
      <WhatsappButton setting={value} />
    </I18nextProvider>,
  );
}

const chat = (name: string) => screen.getByRole('link', { name });

describe('WhatsappButton', () => {
  beforeEach(() => setLanguage('pt-BR'));
  afterAll(() => setLanguage('pt-BR'));

  it('links to the chat with the number and the message, in a new tab, named by its description', () => {
    renderButton(setting());
    const link = chat('Fale com um especialista');
    expect(link).toHaveAttribute('href', 'https://wa.me/5511912345678?text=Ol%C3%A1!%20Quero%20um%20or%C3%A7amento%20%26%20prazo');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('aria-label', 'Fale com um especialista');
    expect(link).toHaveAttribute('title', 'Fale com um especialista');
    // The label wide screens show beside the icon; the icon is decoration.
    expect(link).toHaveTextContent('Fale com um especialista');
    expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('is in the colour the API gives, its label and icon in the one it chose to contrast with it', () => {
    const { unmount } = renderButton(setting());
    expect(chat('Fale com um especialista')).toHaveStyle({ backgroundColor: '#25d366', color: '#111827' });
    unmount();
    renderButton(setting({ color: '#1b2a4a', text_color: '#ffffff' }));
    expect(chat('Fale com um especialista')).toHaveStyle({ backgroundColor: '#1b2a4a', color: '#ffffff' });
  });

  it('without a description it is named by the fixed text, in pt-BR and en-US', async () => {
    const { unmount } = renderButton(setting({ description: '  ' }));
    expect(chat('Fale conosco pelo WhatsApp')).toHaveAttribute('title', 'Fale conosco pelo WhatsApp');
    unmount();
    await setLanguage('en-US');
    renderButton(setting({ description: '' }));
    expect(chat('Chat with us on WhatsApp')).toBeInTheDocument();
  });

  it('is reached with the keyboard', async () => {
    const user = userEvent.setup();
    renderButton(setting());
    await user.tab();
    expect(chat('Fale com um especialista')).toHaveFocus();
  });

  it('opens the chat without a message when none is set, and shows nothing without a number', () => {
    expect(whatsappLink('+55 (11) 91234-5678', '  ')).toBe('https://wa.me/5511912345678');
    const { container } = renderButton(setting({ phone: '' }));
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('.vt-whatsapp')).toBeNull();
  });
});
