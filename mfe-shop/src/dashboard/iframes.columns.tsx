// The columns of /dashboard/iframes (table on desktop, cards on phones).
import { Button, Flex, Typography } from 'antd';
import { LinkButton, RowLink, type ColumnsFor } from 'shared-kernel/kit';
import type { iframesList } from './iframes.filters';
import type { Iframe } from './iframes.queries';
import { texts as t } from './iframes.texts';

/** The code a site pastes to embed the widget (same as on the configuration page). */
export function embedCode(id: number, name: string, origin = window.location.origin): string {
  return `<iframe src="${origin}/iframes/${id}" title="${name.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" width="100%" height="900" style="border:0" loading="lazy"></iframe>`;
}

const dateFmt = (iso: string | Date) => new Date(iso).toLocaleDateString('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });

export function productLabel(i: Iframe, products: Record<number, string>): string {
  if (i.kind !== 'product') return t.none;
  return i.productId ? (products[i.productId] ?? t.productNumber(i.productId)) : t.productDeleted;
}

export interface IframeColumnsOptions {
  /** Names of the products shown by product iframes. */
  products: Record<number, string>;
  /** The iframe whose code was just copied. */
  copiedId: number | null;
  onCopy(i: Iframe): void;
  onRemove(i: Iframe): void;
}

export function iframeColumns({ products, copiedId, onCopy, onRemove }: IframeColumnsOptions): ColumnsFor<Iframe, typeof iframesList> {
  return [
    {
      key: 'name',
      title: t.name,
      dataIndex: 'name',
      sortKey: 'name',
      cardTitle: true,
      render: (name: string, i) => <RowLink to={`/dashboard/iframes/${i.id}`}>{name}</RowLink>,
    },
    {
      key: 'kind',
      title: t.kind,
      dataIndex: 'kind',
      filterKey: 'kind',
      filterOptions: [
        { value: 'list', label: t.kinds.list },
        { value: 'product', label: t.kinds.product },
      ],
      render: (kind: Iframe['kind']) => t.kinds[kind],
      csv: (i) => t.kinds[i.kind],
    },
    { key: 'product', title: t.product, render: (_: unknown, i) => productLabel(i, products), csv: (i) => productLabel(i, products) },
    {
      key: 'createdAt',
      title: t.createdAt,
      dataIndex: 'createdAt',
      sortKey: 'createdAt',
      render: (d: string) => <span style={{ whiteSpace: 'nowrap' }}>{dateFmt(d)}</span>,
    },
    {
      key: 'code',
      title: t.code,
      width: 260,
      hideOnCard: true,
      csv: false,
      render: (_: unknown, i) => (
        <Typography.Text code ellipsis={{ tooltip: false }} style={{ maxWidth: 260, fontSize: 12 }}>
          {embedCode(i.id, i.name)}
        </Typography.Text>
      ),
    },
    {
      key: 'actions',
      title: '',
      csv: false,
      render: (_: unknown, i) => (
        <Flex gap={8} wrap>
          <Button onClick={() => onCopy(i)} aria-label={t.copyOf(i.name)}>
            {copiedId === i.id ? t.copied : t.copy}
          </Button>
          <LinkButton to={`/dashboard/iframes/${i.id}`} aria-label={t.editOf(i.name)}>
            {t.edit}
          </LinkButton>
          <Button danger onClick={() => onRemove(i)} aria-label={t.removeOf(i.name)}>
            {t.remove}
          </Button>
        </Flex>
      ),
    },
  ];
}
