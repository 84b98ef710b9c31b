// /dashboard/payments/credits (notes de crédit): the clients' credit balances (GET /sales/credits): unallocated
// payments and credit notes kept as credit, minus what was used; the credit notes with what is left on each; per client
// 'Utiliser sur une facture' (POST /sales/credits/use, ./UseCreditDialog.tsx).
import { useMemo, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { type ClientCredit } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { ResourceTable, RowLink, useUrlListState, withQueryScope, type ColumnsFor } from 'shared-kernel/kit';
import { useLayoutMode } from 'shared-kernel/runtime';
import { StatusTag } from 'shared-kernel/ui';
import { centsToEuros } from '../../orders/format';
import { fetchClientCredits, useClientCredits } from '../payments.queries';
import { texts, useTexts } from '../texts';
import { clientCreditsList } from './filters';
import { UseCreditDialog } from './UseCreditDialog';

const t = texts.credits;

const columnsWith = (onUse: (c: ClientCredit) => void): ColumnsFor<ClientCredit, typeof clientCreditsList> => [
  {
    key: 'client',
    title: t.client,
    dataIndex: ['client', 'name'],
    cardTitle: true,
    render: (name: string, c) => <RowLink to={`/dashboard/clients/${c.client.id}`}>{name}</RowLink>,
  },
  {
    key: 'balance',
    title: t.balance,
    dataIndex: 'balance',
    sortKey: 'balance',
    align: 'right',
    render: (b: number) => (
      <strong style={{ whiteSpace: 'nowrap' }} data-testid="credit-balance">
        {formatCents(b)}
      </strong>
    ),
    csv: (c) => centsToEuros(c.balance),
  },
  {
    key: 'creditNotes',
    title: t.creditNotes,
    render: (_: unknown, c) =>
      c.creditNotes.length === 0
        ? '-'
        : c.creditNotes.map((n) => (
            <div key={n.id} style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}>
              <span>{t.creditNoteOf(n.number, formatCents(n.remaining))}</span>
              <StatusTag kind="credit" status={n.creditStatus} />
            </div>
          )),
    csv: (c) => c.creditNotes.map((n) => n.number).join(' | '),
  },
  {
    key: 'use',
    title: '',
    render: (_: unknown, c) =>
      c.balance > 0 ? (
        <Button
          size="small"
          aria-label={t.useOf(c.client.name)}
          onClick={(e) => {
            e.stopPropagation();
            onUse(c);
          }}
        >
          {t.use}
        </Button>
      ) : null,
  },
];

export default withQueryScope(function ClientCreditsPage() {
  const tt = useTexts().credits;
  const mobile = useLayoutMode() === 'mobile';
  const list = useUrlListState(clientCreditsList);
  const query = useClientCredits(list.apiQuery);
  const [using, setUsing] = useState<ClientCredit | null>(null);
  const columns = useMemo(() => columnsWith(setUsing), []);
  return (
    <Flex component="section" vertical gap={16} style={{ padding: mobile ? 12 : 16, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {tt.title}
      </Typography.Title>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={tt.label}
        rowKey={(c) => c.client.id}
        rowHref={(c) => `/dashboard/clients/${c.client.id}`}
        exportCsv={{ filename: tt.csv, fetchPage: fetchClientCredits }}
        texts={{ empty: tt.empty, total: tt.total }}
      />
      {using && <UseCreditDialog credit={using} onClose={() => setUsing(null)} />}
    </Flex>
  );
});
