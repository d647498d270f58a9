import type { WhatsappButton as WhatsappSetting } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { whatsappLink } from '@vitrine/utils';
import './whatsapp-button.css';

/**
 * The floating WhatsApp chat button: fixed at the bottom-right corner of every public page while
 * the staff have it on, in their colour (the default green should it not be a hex colour), its label and icon
 * white or near-black, whichever contrasts more with that colour (any colour staff choose stays readable: the API
 * decides both, `color` and `text_color`, so every page's first load is spared the colour maths). Its description is its
 * name (the label beside the icon on wide screens; the icon alone on phones). It comes with the route's data
 * (lib/route.tsx), so it asks for nothing and renders the same on the server and in the browser.
 */
export function WhatsappButton({ setting }: { setting: WhatsappSetting }) {
  const { t } = useTranslation('public');
  if (!/\d/.test(setting.phone)) return null;
  const label = setting.description.trim() || t('whatsapp.label');
  return (
    <a
      className="vt-whatsapp"
      href={whatsappLink(setting.phone, setting.message)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
      style={{ background: setting.color, color: setting.text_color }}
    >
      <svg className="vt-whatsapp__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
        <path d="M3.5 20.5l1.2-4.3A8.5 8.5 0 1 1 8 19.4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        <path
          fill="currentColor"
          d="M9.1 7.8c.4-.4 1-.3 1.3.1l1 1.5c.2.4.2.8-.1 1.1l-.6.6c.6 1.2 1.5 2.1 2.6 2.7l.6-.6c.3-.3.8-.4 1.1-.1l1.5 1c.4.3.5.9.1 1.3l-.7.7c-.6.6-1.5.8-2.3.4-2.3-1.1-4.1-2.9-5.2-5.2-.4-.8-.2-1.7.4-2.3z"
        />
      </svg>
      <span className="vt-whatsapp__label">{label}</span>
    </a>
  );
}
