import { QRCode, Select, Typography } from 'antd';
import { gs1DigitalLink, normalizeGtin } from 'shared-kernel/contracts';
import { isValidGtin } from 'shared-kernel/domain';
import type { FieldA11y } from 'shared-kernel/kit';
import { NumberInput } from 'shared-kernel/ui';
import { useTexts } from '../texts';

/** A price in euros (decimal comma) held as integer cents. */
export function EuroInput({
  value,
  onChange,
  onBlur,
  a11y,
  suffix = '€',
  disabled,
}: {
  value: number | null | undefined;
  onChange: (cents: number | null) => void;
  onBlur?: () => void;
  a11y?: FieldA11y;
  suffix?: string;
  disabled?: boolean;
}) {
  return (
    <NumberInput
      {...a11y}
      value={value == null ? null : value / 100}
      onChange={(v) => onChange(v == null || v === '' ? null : Math.round(Number(v) * 100))}
      onBlur={onBlur}
      min={0}
      precision={2}
      step={0.5}
      suffix={suffix}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

/** The GS1 Digital Link of a valid GTIN-13 on the public site, and its QR code (what the label prints). */
export function Gs1Preview({ gtin }: { gtin: string | null | undefined }) {
  const t = useTexts();
  const g = normalizeGtin(gtin);
  if (!g || !/^\d{13}$/.test(g) || !isValidGtin(g)) return null;
  const link = gs1DigitalLink(typeof window !== 'undefined' ? window.location.origin : '', g);
  return (
    <div data-testid="gs1-preview" style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
      <QRCode value={link} size={96} bordered={false} />
      <div>
        <Typography.Text type="secondary">{t.gtinPreview}</Typography.Text>
        <br />
        <Typography.Link href={link} target="_blank" rel="noreferrer">
          {link}
        </Typography.Link>
      </div>
    </div>
  );
}

/** Free values typed and added with Enter (allergens, tax families). */
export function TagsInput({
  value,
  onChange,
  onBlur,
  a11y,
}: {
  value: string[] | null | undefined;
  onChange: (v: string[]) => void;
  onBlur?: () => void;
  a11y?: FieldA11y;
}) {
  return (
    <Select
      {...a11y}
      mode="tags"
      value={value ?? []}
      onChange={(v: string[]) => onChange(v)}
      onBlur={onBlur}
      open={false}
      suffixIcon={null}
      style={{ width: '100%' }}
    />
  );
}
