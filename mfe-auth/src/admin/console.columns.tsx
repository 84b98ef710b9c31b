// The columns of /admin/orders, /admin/products and /admin/shops (tables on desktop, cards on phones, CSV).
import { Button, Flex, Tag, Typography } from 'antd';
import { ORDER_STATUS, ORDER_STATUSES, PRODUCT_STATUSES, formatCents, formatDate, formatDateTime } from 'shared-kernel/domain';
import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import { StatusTag } from 'shared-kernel/ui';
import type { AdminOrder, AdminProduct, AdminShop } from './console.queries';
import { SHOP_BUSINESS_TYPES, type adminOrdersList, type adminProductsList, type adminShopsList } from './console.filters';
import type { ConsoleTexts } from './console.texts';

const productStatusLabel = (s: string) => PRODUCT_STATUSES.find((p) => p.value === s)?.label ?? s;

export function orderColumns(t: ConsoleTexts): ColumnsFor<AdminOrder, typeof adminOrdersList> {
  return [
    { key: 'number', title: t.number, dataIndex: 'number', sortKey: 'number', cardTitle: true },
    {
      key: 'shop',
      title: t.shop,
      dataIndex: ['shop', 'name'],
      render: (name: string, o) => <RowLink to={`/admin/orders?shopId=${o.shop.id}`}>{name}</RowLink>,
      csv: (o) => o.shop.name,
    },
    {
      key: 'buyer',
      title: t.buyer,
      dataIndex: ['buyer', 'name'],
      render: (name: string, o) => (
        <Flex vertical>
          <span>{name}</span>
          <Typography.Text type="secondary">{o.buyer.email}</Typography.Text>
        </Flex>
      ),
      csv: (o) => `${o.buyer.name} <${o.buyer.email}>`,
    },
    {
      key: 'status',
      title: t.status,
      dataIndex: 'status',
      filterKey: 'status',
      filterOptions: ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS[s].label })),
      render: (s: string) => <StatusTag kind="order" status={s} />,
      csv: (o) => ORDER_STATUS[o.status as keyof typeof ORDER_STATUS]?.label ?? o.status,
    },
    { key: 'totalTTC', title: t.total, dataIndex: 'totalTTC', sortKey: 'totalTTC', align: 'right', render: (c: number) => formatCents(c) },
    { key: 'createdAt', title: t.date, dataIndex: 'createdAt', sortKey: 'createdAt', render: (d: string) => formatDateTime(d) },
  ];
}

export function productColumns(t: ConsoleTexts): ColumnsFor<AdminProduct, typeof adminProductsList> {
  return [
    {
      key: 'name',
      title: t.name,
      dataIndex: 'name',
      sortKey: 'name',
      cardTitle: true,
      render: (name: string, p) => (
        <>
          {name} {p.archived && <Tag>{t.archived}</Tag>}
        </>
      ),
    },
    {
      key: 'shop',
      title: t.shop,
      dataIndex: ['shop', 'name'],
      render: (name: string, p) => <RowLink to={`/admin/products?shopId=${p.shop.id}`}>{name}</RowLink>,
      csv: (p) => p.shop.name,
    },
    {
      key: 'productType',
      title: t.type,
      dataIndex: 'productType',
      filterKey: 'productType',
      filterOptions: Object.entries(t.productTypes).map(([value, label]) => ({ value, label })),
      render: (v: string) => t.productTypes[v] ?? v,
    },
    {
      key: 'status',
      title: t.status,
      dataIndex: 'status',
      filterKey: 'status',
      filterOptions: PRODUCT_STATUSES.map((s) => ({ value: s.value, label: s.label })),
      render: (s: string) => productStatusLabel(s),
      csv: (p) => productStatusLabel(p.status),
    },
    { key: 'createdAt', title: t.createdAt, dataIndex: 'createdAt', sortKey: 'createdAt', render: (d: string) => formatDate(d) },
  ];
}

export interface ShopColumnsOptions {
  onSuspend(s: AdminShop): void;
  onReopen(s: AdminShop): void;
}

export function shopColumns(t: ConsoleTexts, { onSuspend, onReopen }: ShopColumnsOptions): ColumnsFor<AdminShop, typeof adminShopsList> {
  return [
    {
      key: 'name',
      title: t.name,
      dataIndex: 'name',
      sortKey: 'name',
      cardTitle: true,
      render: (name: string, s) => (
        <a href={`/${s.urlShop}`} target="_blank" rel="noreferrer">
          {name}
        </a>
      ),
    },
    { key: 'code', title: t.code, dataIndex: 'code' },
    {
      key: 'owner',
      title: t.owner,
      dataIndex: ['owner', 'email'],
      render: (_: unknown, s) =>
        s.owner ? (
          <Flex vertical>
            <span>{s.owner.username}</span>
            <Typography.Text type="secondary">{s.owner.email}</Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
      csv: (s) => s.owner?.email ?? '',
    },
    {
      key: 'businessType',
      title: t.businessType,
      dataIndex: 'businessType',
      filterKey: 'businessType',
      filterOptions: SHOP_BUSINESS_TYPES.map((b) => ({ value: b, label: t.businessTypes[b] })),
      render: (b: string) => t.businessTypes[b] ?? b,
    },
    {
      key: 'modules',
      title: t.modules,
      dataIndex: 'modules',
      hideOnCard: true,
      render: (m: string[]) => (
        <Flex wrap gap={4}>
          {m.map((x) => (
            <Tag key={x}>{x}</Tag>
          ))}
        </Flex>
      ),
      csv: (s) => s.modules.join(', '),
    },
    { key: 'createdAt', title: t.createdAt, dataIndex: 'createdAt', sortKey: 'createdAt', render: (d: string) => formatDate(d) },
    {
      key: 'lastActivity',
      title: t.lastActivity,
      dataIndex: 'lastActivityAt',
      sortKey: 'lastActivity',
      render: (d: string) => formatDateTime(d),
    },
    {
      key: 'suspended',
      title: t.state,
      dataIndex: 'suspendedAt',
      filterKey: 'suspended',
      filterOptions: [
        { value: 'false', label: t.open },
        { value: 'true', label: t.suspended },
      ],
      render: (at: string | null, s) =>
        at ? (
          <Tag color="red" title={t.suspendedSince(formatDate(at), s.suspendedReason ?? '')}>
            {t.suspended}
          </Tag>
        ) : (
          <Tag color="green">{t.open}</Tag>
        ),
      csv: (s) => (s.suspendedAt ? t.suspendedSince(formatDate(s.suspendedAt), s.suspendedReason ?? '') : t.open),
    },
    {
      key: 'actions',
      title: t.actions,
      csv: false,
      render: (_: unknown, s) => (
        <Flex gap={8} wrap>
          {s.suspendedAt ? (
            <Button onClick={() => onReopen(s)} aria-label={`${t.reopen} ${s.name}`}>
              {t.reopen}
            </Button>
          ) : (
            <Button danger onClick={() => onSuspend(s)} aria-label={`${t.suspend} ${s.name}`}>
              {t.suspend}
            </Button>
          )}
          <RowLink to={`/admin/orders?shopId=${s.id}`}>{t.seeOrders}</RowLink>
        </Flex>
      ),
    },
  ];
}
