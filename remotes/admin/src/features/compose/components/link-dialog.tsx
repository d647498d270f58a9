import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { isValidUrl } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';

interface Props {
  open: boolean;
  initialUrl: string;
  onSubmit: (href: string) => void;
  onCancel: () => void;
}

/** Asks for a link's address; only http(s) URLs pass ('Invalid URL'). */
export function LinkDialog({ open, initialUrl, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('admin');
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (open) {
      setUrl(initialUrl);
      setError(undefined);
    }
  }, [open, initialUrl]);

  const submit = () => {
    const href = url.trim();
    if (!isValidUrl(href)) {
      setError(t('errors:invalidUrl'));
      return;
    }
    onSubmit(href);
  };

  return (
    <Modal
      open={open}
      title={t('compose.link.title')}
      okText={t('common:actions.ok')}
      cancelText={t('common:actions.cancel')}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={t('compose.link.url')} validateStatus={error ? 'error' : undefined} help={error}>
          <Input
            autoFocus
            type="url"
            value={url}
            placeholder={t('compose.link.placeholder')}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(undefined);
            }}
            onPressEnter={submit}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
