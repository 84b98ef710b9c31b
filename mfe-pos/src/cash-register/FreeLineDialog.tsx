import { useId, useState } from 'react';
import { Button, Input, Modal, Select, Switch } from 'antd';
import { toCents } from 'shared-kernel/domain';
import { NumberInput } from 'shared-kernel/ui';
import { FREE_LINE_VAT_RATES } from './ticket-model';
import { useTexts } from './texts';

export interface FreeLineValues {
  label: string;
  unitPriceTTC: number;
  vatRate: number;
  free: boolean;
}

const rateLabel = (r: number) => `${String(r).replace('.', ',')} %`;

/** A line that is not in the catalogue: label, price TTC, VAT 20 / 10 / 5,5 %, optionally offered (a tasting glass). */
export function FreeLineDialog({ open, onClose, onAdd }: { open: boolean; onClose: () => void; onAdd: (v: FreeLineValues) => void }) {
  const t = useTexts();
  const id = useId();
  const [label, setLabel] = useState('');
  const [price, setPrice] = useState<number | null>(null);
  const [vatRate, setVatRate] = useState<number>(20);
  const [free, setFree] = useState(false);
  const [errors, setErrors] = useState<{ label?: string; price?: string }>({});

  const reset = () => {
    setLabel('');
    setPrice(null);
    setVatRate(20);
    setFree(false);
    setErrors({});
  };

  const submit = () => {
    const next: typeof errors = {};
    if (!label.trim()) next.label = t.free.labelRequired;
    if (price === null || !Number.isFinite(price) || price < 0 || (price === 0 && !free)) next.price = t.free.priceRequired;
    setErrors(next);
    if (next.label || next.price) return;
    onAdd({ label: label.trim(), unitPriceTTC: toCents(price ?? 0), vatRate, free });
    reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t.free.title}
      onCancel={() => {
        reset();
        onClose();
      }}
      destroyOnHidden
      footer={null}
    >
      <form
        noValidate
        className="wz-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`${id}-label`}>{t.free.label}</label>
        <Input
          id={`${id}-label`}
          size="large"
          value={label}
          maxLength={200}
          onChange={(e) => setLabel(e.target.value)}
          aria-invalid={!!errors.label || undefined}
          aria-describedby={errors.label ? `${id}-label-error` : undefined}
          autoFocus
        />
        {errors.label && (
          <div id={`${id}-label-error`} className="wz-field-error">
            {errors.label}
          </div>
        )}
        <label htmlFor={`${id}-price`}>{t.free.price}</label>
        <NumberInput
          id={`${id}-price`}
          size="large"
          min={0}
          precision={2}
          value={price}
          onChange={(v) => setPrice(typeof v === 'number' ? v : null)}
          aria-invalid={!!errors.price || undefined}
          aria-describedby={errors.price ? `${id}-price-error` : undefined}
          style={{ width: '100%' }}
        />
        {errors.price && (
          <div id={`${id}-price-error`} className="wz-field-error">
            {errors.price}
          </div>
        )}
        <label htmlFor={`${id}-vat`}>{t.free.vat}</label>
        <Select<number>
          id={`${id}-vat`}
          size="large"
          value={vatRate}
          onChange={setVatRate}
          options={FREE_LINE_VAT_RATES.map((r) => ({ value: r, label: rateLabel(r) }))}
        />
        <label className="wz-switch-row">
          <Switch checked={free} onChange={setFree} />
          <span>{t.free.offered}</span>
        </label>
        <div className="wz-dialog-actions">
          <Button
            size="large"
            onClick={() => {
              reset();
              onClose();
            }}
          >
            {t.free.cancel}
          </Button>
          <Button size="large" type="primary" htmlType="submit">
            {t.free.add}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
