import { Button, ColorPicker, Input } from 'antd';
import { useTranslation } from '@vitrine/core';
import { HEX_COLOR } from '../whatsapp-settings';

interface ColorFieldProps {
  /** Form.Item's: the label points at the hex box. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The colour the picker shows while the hex box holds no colour yet. */
  fallback: string;
}

/** A colour as a picker and its `#rrggbb` text, kept in step (either can be used; the text can be pasted). */
export function ColorField({ id, value = '', onChange, fallback }: ColorFieldProps) {
  const { t } = useTranslation('admin');
  return (
    <div className="vt-wa__color">
      <ColorPicker
        value={HEX_COLOR.test(value) ? value : fallback}
        disabledAlpha
        format="hex"
        onChange={(color) => onChange?.(color.toHexString())}
      >
        {/* A button of its own: antd's trigger is a div, which an aria-label does not name. */}
        <Button
          className="vt-wa__swatch"
          aria-label={t('whatsapp.fields.colorPicker')}
          style={{ background: HEX_COLOR.test(value) ? value : fallback }}
        />
      </ColorPicker>
      <Input
        id={id}
        className="vt-wa__hex"
        value={value}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        placeholder="#25d366"
        onChange={(event) => onChange?.(event.target.value.trim())}
      />
    </div>
  );
}
