import { WHATSAPP_DEFAULT_COLOR } from '@vitrine/utils';
import { cleanPhone, cleanSettings, hasChanges, isInternationalPhone, labelContrast, whatsappLink } from './whatsapp-settings';

const saved = { enabled: true, description: 'Fale conosco', phone: '+5511912345678', message: 'Olá!', color: '#25d366' };

describe('the WhatsApp settings, as the server keeps them', () => {
  it('cleans the phone and checks the international format', () => {
    expect(cleanPhone(' +55 (11) 91234-5678 ')).toBe('+5511912345678');
    expect(cleanPhone('+55.11.91234.5678')).toBe('+5511912345678');
    expect(isInternationalPhone('+55 11 91234-5678')).toBe(true);
    expect(isInternationalPhone('11 91234-5678')).toBe(false);
    expect(isInternationalPhone('+0 11 91234-5678')).toBe(false);
    expect(isInternationalPhone('+55 11 9123x-5678')).toBe(false);
  });

  it('links wa.me with the digits and the encoded message (none when the message is blank)', () => {
    expect(whatsappLink('+55 11 91234-5678', ' Olá, quero um orçamento & prazo ')).toBe(
      'https://wa.me/5511912345678?text=Ol%C3%A1%2C%20quero%20um%20or%C3%A7amento%20%26%20prazo',
    );
    expect(whatsappLink('+5511912345678', '  ')).toBe('https://wa.me/5511912345678');
  });

  it('sends trimmed texts, the cleaned phone and a lower-case colour; compares as saved', () => {
    const typed = { enabled: true, description: ' Fale conosco ', phone: '+55 (11) 91234-5678', message: ' Olá! ', color: '#25D366' };
    expect(cleanSettings(typed)).toEqual(saved);
    expect(hasChanges(typed, saved)).toBe(false);
    expect(hasChanges({ ...typed, enabled: false }, saved)).toBe(true);
    expect(hasChanges({ ...typed, message: 'Oi' }, saved)).toBe(true);
  });

  it('gives the label the more readable of white and near-black, as the public button, and rates its contrast', () => {
    expect(labelContrast('#1e3a8a')).toMatchObject({ text: '#ffffff', level: 'good' });
    expect(labelContrast('#fde68a')).toMatchObject({ text: '#111827', level: 'good' });
    // WhatsApp's own green: white would be 2.0:1 (the luminance rule, dark text only above 0.6, picked it); dark text is 8.9:1.
    const green = labelContrast('#25d366');
    expect(green.text).toBe('#111827');
    expect(green.level).toBe('good');
    expect(green.ratio).toBeCloseTo(8.94, 1);
    // The default green takes white at AA.
    expect(labelContrast(WHATSAPP_DEFAULT_COLOR)).toMatchObject({ text: '#ffffff', level: 'good' });
    // A mid tone is fair with either.
    expect(labelContrast('#e53935')).toMatchObject({ text: '#ffffff', level: 'large' });
  });
});
