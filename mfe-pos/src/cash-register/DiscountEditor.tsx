import { useId, useState } from 'react';
import { Segmented } from 'antd';
import { fromCents, toCents, type TicketDiscount } from 'shared-kernel/domain';
import { NumberInput } from 'shared-kernel/ui';
import { useTexts } from './texts';

/** A discount in % or in € (sent in cents); empty or 0 means none. */
export function DiscountEditor({
  label,
  value,
  onChange,
}: {
  label: string;
  value: TicketDiscount | null;
  onChange: (d: TicketDiscount | null) => void;
}) {
  const t = useTexts();
  const id = useId();
  const [kind, setKind] = useState<TicketDiscount['kind']>(value?.kind ?? 'percent');
  const shown = value ? (value.kind === 'amount' ? fromCents(value.value) : value.value) : null;

  const emit = (k: TicketDiscount['kind'], v: number | null) => {
    if (v === null || !Number.isFinite(v) || v === 0) onChange(null);
    else onChange({ kind: k, value: k === 'amount' ? toCents(v) : v });
  };

  return (
    <div className="wz-discount" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="wz-discount__label">
        {label}
      </span>
      <Segmented
        aria-label={t.ticket.discountKind}
        value={kind}
        options={[
          { value: 'percent', label: t.ticket.percent },
          { value: 'amount', label: t.ticket.euros },
        ]}
        onChange={(k) => {
          const next = k as TicketDiscount['kind'];
          setKind(next);
          emit(next, shown);
        }}
      />
      <NumberInput
        aria-label={`${label} (${kind === 'percent' ? t.ticket.percent : t.ticket.euros})`}
        min={0}
        max={kind === 'percent' ? 100 : undefined}
        precision={2}
        value={shown}
        onChange={(v) => emit(kind, typeof v === 'number' ? v : null)}
        style={{ width: 110 }}
      />
    </div>
  );
}
