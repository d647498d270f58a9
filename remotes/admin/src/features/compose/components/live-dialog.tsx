import { Button, Modal, Result } from 'antd';
import { useTranslation } from '@vitrine/core';

interface Props {
  open: boolean;
  onOpenArticle: () => void;
  onDismiss: () => void;
}

/** After publishing: 'Your article is live!' with 'Yes, open article' / 'I do not wish to open the article'. */
export function LiveDialog({ open, onOpenArticle, onDismiss }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Modal open={open} footer={null} closable={false} mask={{ closable: false }} centered aria-labelledby="vt-live-title">
      <Result
        status="success"
        title={<span id="vt-live-title">{t('articles.live.title')}</span>}
        extra={[
          <Button key="open" type="primary" onClick={onOpenArticle}>
            {t('articles.live.open')}
          </Button>,
          <Button key="dismiss" onClick={onDismiss}>
            {t('articles.live.dismiss')}
          </Button>,
        ]}
      />
    </Modal>
  );
}
