import { useState } from 'react';
import { Button, Progress, Space, Typography, Upload } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { Image } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { uploadImage } from '../api/uploads';
import { useFeedback } from '../lib/use-feedback';

interface Props {
  value?: Image | null;
  onChange?: (image: Image | null) => void;
  id?: string;
  uploadLabel?: string;
  hint?: string;
  /** The file types offered by the picker (covers' by default). */
  accept?: string;
  /** Checks a chosen file before it is sent: a text says why it is refused (shown by `onReject`), null lets it go. */
  check?: (file: File) => string | null;
  onReject?: (reason: string) => void;
  /** The preview's largest width in px (covers fill their column). */
  previewWidth?: number;
}

/** An image sent to the upload API with a progress bar, shown from its srcset. Used for covers and category images. */
export function ImageUpload({ value, onChange, id, uploadLabel, hint, accept = 'image/jpeg,image/png,image/webp,image/gif', check, onReject, previewWidth }: Props) {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const [percent, setPercent] = useState<number | null>(null);

  const upload = async (file: File) => {
    setPercent(0);
    try {
      const image = await uploadImage(file, setPercent);
      onChange?.(image);
    } catch (error) {
      fail(error);
    } finally {
      setPercent(null);
    }
  };

  const picker = (
    <Upload
      accept={accept}
      showUploadList={false}
      beforeUpload={(file) => {
        const refused = check?.(file) ?? null;
        if (refused) onReject?.(refused);
        else void upload(file);
        return false;
      }}
    >
      <Button id={id} icon={<UploadOutlined />} disabled={percent !== null}>
        {value ? t('compose.cover.replace') : (uploadLabel ?? t('compose.cover.upload'))}
      </Button>
    </Upload>
  );

  return (
    <div data-testid="image-upload">
      {value && (
        <img
          src={value.url}
          srcSet={value.srcset}
          sizes="(max-width: 768px) 100vw, 360px"
          alt={value.alt ?? ''}
          width={value.width}
          height={value.height}
          style={{ width: '100%', maxWidth: previewWidth, height: 'auto', aspectRatio: `${value.width} / ${value.height}`, objectFit: 'cover', borderRadius: 8, marginBottom: 8, display: 'block' }}
        />
      )}
      {percent !== null && (
        <Progress percent={percent} size="small" status="active" aria-label={t('compose.cover.uploading', { percent })} />
      )}
      <Space wrap>
        {picker}
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('compose.cover.remove')}
          </Button>
        )}
      </Space>
      {hint && (
        <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 12 }}>
          {hint}
        </Typography.Paragraph>
      )}
    </div>
  );
}
