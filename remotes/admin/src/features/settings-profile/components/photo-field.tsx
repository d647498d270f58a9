import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Avatar, Button, Progress, Spin, Typography } from 'antd';
import CameraOutlined from '@ant-design/icons/CameraOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { useTranslation } from '@vitrine/core';
import { initials } from '@vitrine/utils';
import { uploadImage } from '../../../api/uploads';
import { useFeedback } from '../../../lib/use-feedback';
import { cropToSquare, type CropArea } from '../photo-crop';

/** The cropper (react-easy-crop, ≈ 8 KiB gzip) is fetched only when a photo is chosen. */
const PhotoCropModal = lazy(() => import('./photo-crop-modal').then((m) => ({ default: m.PhotoCropModal })));

/** What the upload API accepts (it reads the type from the bytes). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

interface PhotoFieldProps {
  /** Form.Item's: the label points at the choose button. */
  id?: string;
  value?: string | null;
  onChange?: (photo: string | null) => void;
  /** Whose photo (its alt text, and the initials shown without one). */
  name: string;
}

/**
 * The photo: the current one (or the initials, as in the header), a button to choose a file — framed
 * as a square in a dialog, cropped in the browser and uploaded — and one to remove it. The form keeps
 * the uploaded image's URL; the record changes when the profile is saved.
 */
export function PhotoField({ id, value, onChange, name }: PhotoFieldProps) {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  // The chosen file is read through an object URL while the dialog is open, and let go after.
  useEffect(() => (source ? () => URL.revokeObjectURL(source) : undefined), [source]);

  const close = () => {
    setSource(null);
    setPercent(null);
  };

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (file) setSource(URL.createObjectURL(file));
  };

  const upload = async (area: CropArea) => {
    if (!source) return;
    setPercent(0);
    try {
      const image = await uploadImage(await cropToSquare(source, area), setPercent);
      onChange?.(image.url);
      close();
    } catch (error) {
      setPercent(null);
      fail(error);
    }
  };

  return (
    <div className="vt-profile__photo" data-testid="photo-field">
      <Avatar size={96} src={value ?? undefined} alt={value ? t('profile.photo.alt', { name }) : undefined} className="vt-profile__avatar">
        {initials(name)}
      </Avatar>
      <div className="vt-profile__photo-actions">
        <div className="vt-profile__photo-buttons">
          <Button id={id} icon={<CameraOutlined />} onClick={() => input.current?.click()}>
            {value ? t('profile.photo.change') : t('profile.photo.choose')}
          </Button>
          {value && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
              {t('profile.photo.remove')}
            </Button>
          )}
        </div>
        <Typography.Text type="secondary" className="vt-profile__photo-hint">
          {t('profile.photo.hint')}
        </Typography.Text>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          // The button above opens it (one tab stop, labelled by the field); `hidden` alone loses to antd's input styles.
          style={{ display: 'none' }}
          tabIndex={-1}
          aria-label={t('profile.photo.choose')}
          data-testid="photo-input"
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </div>
      {source && (
        <Suspense fallback={<Spin className="vt-profile__crop-loading" />}>
          <PhotoCropModal
            source={source}
            busy={percent !== null}
            progress={percent !== null && <Progress percent={percent} size="small" status="active" aria-label={t('profile.photo.uploading', { percent })} />}
            onCancel={close}
            onConfirm={(area) => void upload(area)}
          />
        </Suspense>
      )}
    </div>
  );
}
