import { notify } from '@vitrine/ui';
import './share-links.css';
import { useTranslation } from '@vitrine/core';

/** Share targets: plain links, no third-party script. */
function targets(url: string, title: string) {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return [
    { network: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${text}` },
    { network: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];
}

export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('public');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('post.linkCopied'));
    } catch {
      window.prompt(t('post.copyLink'), url);
    }
  };
  return (
    <nav className="vt-share" aria-label={t('post.share')}>
      <span className="vt-share__label">{t('post.share')}</span>
      <ul>
        {targets(url, title).map(({ network, href }) => (
          <li key={network}>
            <a href={href} target="_blank" rel="noopener noreferrer" aria-label={t('post.shareOn', { network })}>
              {network}
            </a>
          </li>
        ))}
        <li>
          <button type="button" onClick={() => void copy()}>
            {t('post.copyLink')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
