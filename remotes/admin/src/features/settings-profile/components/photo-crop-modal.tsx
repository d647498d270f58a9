import { useId, useState, type ReactNode } from 'react';
import { Alert, Modal, Slider, Typography } from 'antd';
import Cropper from 'react-easy-crop';
import { useTranslation } from '@vitrine/core';
import type { CropArea } from '../photo-crop';

const MAX_ZOOM = 4;

interface PhotoCropModalProps {
  /** The chosen file as an object URL. */
  source: string;
  /** While the cropped photo is being uploaded. */
  busy: boolean;
  /** The upload's progress bar, while busy. */
  progress: ReactNode;
  onCancel: () => void;
  onConfirm: (area: CropArea) => void;
}

/**
 * Frames the chosen image as a square (the round guide shows how the avatar will look): drag it, or
 * focus the frame and use the arrow keys; zoom with the slider, the wheel or a pinch.
 */
export function PhotoCropModal({ source, busy, progress, onCancel, onConfirm }: PhotoCropModalProps) {
  const { t } = useTranslation('admin');
  const helpId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  const [unreadable, setUnreadable] = useState(false);

  return (
    <Modal
      open
      title={t('profile.photo.cropTitle')}
      okText={t('profile.photo.use')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ disabled: !area || unreadable, loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      mask={{ closable: false }}
      keyboard={!busy}
      onOk={() => area && onConfirm(area)}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="photo-crop"
    >
      <Typography.Paragraph id={helpId} type="secondary">
        {t('profile.photo.cropHelp')}
      </Typography.Paragraph>
      {unreadable ? (
        <Alert type="error" showIcon title={t('profile.photo.unreadable')} />
      ) : (
        <>
          <div className="vt-profile__cropper">
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              maxZoom={MAX_ZOOM}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              mediaProps={{ onError: () => setUnreadable(true) }}
              cropperProps={{ role: 'application', 'aria-label': t('profile.photo.cropArea'), 'aria-describedby': helpId }}
            />
          </div>
          <div className="vt-profile__zoom">
            <Typography.Text id={`${helpId}-zoom`}>{t('profile.photo.zoom')}</Typography.Text>
            <Slider
              min={1}
              max={MAX_ZOOM}
              step={0.05}
              value={zoom}
              onChange={setZoom}
              tooltip={{ formatter: (value) => `${(value ?? 1).toFixed(1)}×` }}
              ariaLabelledByForHandle={`${helpId}-zoom`}
              className="vt-profile__zoom-slider"
            />
          </div>
        </>
      )}
      {busy && progress}
    </Modal>
  );
}
