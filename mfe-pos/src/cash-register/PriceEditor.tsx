import { useId, useState } from 'react';
import { Button } from 'antd';
import { formatCents, fromCents, toCents } from 'shared-kernel/domain';
import { NumberInput } from 'shared-kernel/ui';
import { useTexts } from './texts';

/**
 * The price of a catalogue line changed at the till, in euros TTC (sent in cents as the line's `unitPriceTTC`, which the
 * api journals as a price change). The catalogue's price stays in sight; an empty field puts it back.
 */
export function PriceEditor({
  label,
  price,
  catalogPrice,
  onChange,
}: {
  label: string;
  price: number;
  catalogPrice: number;
  onChange: (unitPriceTTC: number | null) => void;
}) {
  const t = useTexts();
  const id = useId();
  // what is typed (the field may be empty while the line keeps the catalogue's price)
  const [draft, setDraft] = useState<number | null>(fromCents(price));
  const changed = price !== catalogPrice;

  return (
    <div className="wz-discount" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="wz-discount__label">
        {t.ticket.changePrice}
      </span>
      <NumberInput
        aria-label={t.ticket.newPrice(label)}
        aria-describedby={`${id}-catalog`}
        min={0}
        precision={2}
        inputMode="decimal"
        value={draft}
        onChange={(v) => {
          const next = typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
          setDraft(next);
          onChange(next === null ? null : toCents(next));
        }}
        style={{ width: 120 }}
      />
      <span id={`${id}-catalog`} className="wz-line__sub">
        {t.ticket.catalogPrice(formatCents(catalogPrice))}
      </span>
      {changed && (
        <Button
          type="link"
          onClick={() => {
            setDraft(fromCents(catalogPrice));
            onChange(null);
          }}
        >
          {t.ticket.resetPrice}
        </Button>
      )}
    </div>
  );
}
