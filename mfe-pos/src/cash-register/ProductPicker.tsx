import { useMemo, useState, type Ref } from 'react';
import { Empty, Input, type InputRef } from 'antd';
import type { PosCatalogItem } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { useTexts } from './texts';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

function matches(item: PosCatalogItem, words: string[]): boolean {
  const text = fold([item.label, item.details, item.gtin, item.gamme, item.color].filter(Boolean).join(' '));
  return words.every((w) => text.includes(w));
}

function Chips({
  label,
  values,
  value,
  onChange,
  name,
}: {
  label: string;
  values: string[];
  value: string | null;
  onChange: (v: string | null) => void;
  name: (v: string) => string;
}) {
  const t = useTexts();
  if (values.length < 2) return null;
  return (
    <div role="group" aria-label={label} className="wz-chips">
      <span className="wz-chips__label">{label}</span>
      <button type="button" className="wz-chip" aria-pressed={value === null} onClick={() => onChange(null)}>
        {t.products.all}
      </button>
      {values.map((v) => (
        <button key={v} type="button" className="wz-chip" aria-pressed={value === v} onClick={() => onChange(value === v ? null : v)}>
          {name(v)}
        </button>
      ))}
    </div>
  );
}

/**
 * The left side of the till: a search box, range (gamme) and type chips, and a tile per item (name, details, price
 * TTC, stock; an item out of stock is greyed but still sold, with a warning). Enter in the search box adds the only
 * item left.
 */
export function ProductPicker({
  items,
  onAdd,
  searchRef,
}: {
  items: PosCatalogItem[];
  onAdd: (item: PosCatalogItem) => void;
  searchRef?: Ref<InputRef>;
}) {
  const t = useTexts();
  const [q, setQ] = useState('');
  const [gamme, setGamme] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);

  const gammes = useMemo(
    () => [...new Set(items.map((i) => i.gamme).filter((g): g is string => !!g))].sort((a, b) => a.localeCompare(b, 'fr')),
    [items],
  );
  const types = useMemo(() => [...new Set(items.map((i) => i.productType).filter(Boolean))].sort(), [items]);
  const shown = useMemo(() => {
    const words = fold(q).split(/\s+/).filter(Boolean);
    return items.filter((i) => (!gamme || i.gamme === gamme) && (!type || i.productType === type) && matches(i, words));
  }, [items, q, gamme, type]);

  return (
    <section className="wz-products" aria-label={t.products.label}>
      <Input
        ref={searchRef}
        type="search"
        allowClear
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t.products.search}
        aria-label={t.products.search}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onPressEnter={() => {
          // Enter in the box adds the only item the search leaves
          if (q.trim() && shown.length === 1) {
            onAdd(shown[0]);
            setQ('');
          }
        }}
      />
      <div className="wz-filters" aria-label={t.products.filters} role="group">
        <Chips label={t.products.ranges} values={gammes} value={gamme} onChange={setGamme} name={(g) => g} />
        <Chips label={t.products.types} values={types} value={type} onChange={setType} name={(v) => t.products.productTypes[v] ?? v} />
      </div>
      {shown.length === 0 ? (
        <Empty description={items.length ? t.products.empty : t.products.emptyCatalog} />
      ) : (
        <ul className="wz-tiles">
          {shown.map((item) => {
            const out = item.stock <= 0;
            return (
              <li key={item.formatId}>
                <button type="button" className={`wz-tile${out ? ' wz-tile--out' : ''}`} onClick={() => onAdd(item)}>
                  <span className="wz-tile__name">{item.label}</span>
                  {item.details && <span className="wz-tile__details">{item.details}</span>}
                  <span className="wz-tile__price">{formatCents(item.unitPriceTTC)}</span>
                  <span className="wz-tile__stock">{out ? t.products.outOfStock : t.products.stock(item.stock)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
