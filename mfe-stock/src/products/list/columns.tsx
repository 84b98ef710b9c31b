import { Tag } from 'antd';
import type { ProductAdminRow } from 'shared-kernel/contracts';
import { ACCESSORY_TYPES, COLORS, DRINK_TYPES, formatCents, refLabel } from 'shared-kernel/domain';
import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import { texts as t } from '../texts';
import type { productsList } from './filters';

export const typeLabel = (v: string | null) => (v ? refLabel([...DRINK_TYPES, ...ACCESSORY_TYPES], v) : '');
export const colorLabel = (v: string | null) => (v ? refLabel(COLORS, v) : '');
export const priceText = (p: ProductAdminRow['price']) => (p ? `${formatCents(p.priceCents)} ${p.ttc ? t.ttc : t.ht}` : '–');

export const productColumns: ColumnsFor<ProductAdminRow, typeof productsList> = [
  {
    key: 'name',
    title: t.name,
    dataIndex: 'name',
    sortKey: 'name',
    cardTitle: true,
    render: (name: string, p) => (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        {p.visual && <img src={p.visual} alt="" width={32} height={32} style={{ objectFit: 'cover', borderRadius: 4 }} />}
        <RowLink to={`/dashboard/products/${p.id}`}>{name}</RowLink>
        {p.archived && <Tag>{t.archived}</Tag>}
      </span>
    ),
  },
  {
    key: 'type',
    title: t.type,
    dataIndex: 'type',
    render: (_: unknown, p) => [t.productTypes[p.productType], typeLabel(p.type), colorLabel(p.color)].filter(Boolean).join(' · '),
    csv: (p) => [t.productTypes[p.productType], typeLabel(p.type), colorLabel(p.color)].filter(Boolean).join(' · '),
  },
  { key: 'gamme', title: t.gamme, dataIndex: 'gamme', hideOnCard: true },
  {
    key: 'vintages',
    title: t.vintages,
    dataIndex: 'vintages',
    render: (v: string[]) => v.join(', '),
    csv: (p) => p.vintages.join(', '),
  },
  {
    key: 'formats',
    title: t.formats,
    dataIndex: 'formats',
    render: (v: string[]) => v.join(', '),
    csv: (p) => p.formats.join(', '),
  },
  {
    key: 'price',
    title: t.price,
    dataIndex: 'price',
    align: 'right',
    render: (_: unknown, p) => <span data-testid="product-price">{priceText(p.price)}</span>,
    csv: (p) => (p.price ? p.price.priceCents / 100 : ''),
  },
  { key: 'stock', title: t.stock, dataIndex: 'stock', align: 'right' },
  {
    key: 'status',
    title: t.status,
    dataIndex: 'status',
    sortKey: 'status',
    render: (s: string) => t.statuses[s] ?? s,
    csv: (p) => t.statuses[p.status] ?? p.status,
  },
];
