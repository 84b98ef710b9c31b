// 'Balances': GET /accounting/balances?from&to&journal&clientId — one row per account and auxiliary account (compte,
// libellé, auxiliaire, débit, crédit, solde débiteur / créditeur) and the totals. The filters are those of the entries
// (same URL parameters); an account opens the 'Écritures' tab filtered on it (the api matches the lines' account
// numbers; an auxiliary is a client code, shown beside its account).
import { Button, Empty, Flex, Result, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import type { AccountBalance } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { errorMessage, useUrlListState } from 'shared-kernel/kit';
import { Link, useLocation } from 'shared-kernel/router';
import { EntryFilters } from '../entries/EntryFilters';
import { entriesList } from '../entries/filters';
import { balanceSide } from '../format';
import { useAccountingSettings, useBalances, type BalancesQuery } from '../journals.queries';
import { useTexts } from '../texts';

const nowrap = { whiteSpace: 'nowrap' } as const;
/** The entries' URL parameters a balance link keeps (the account replaces the rest). */
const KEPT = ['from', 'to', 'journal', 'clientId'];

/** The 'Écritures' tab filtered on `account`, with the balance's period, journal and client. */
function useEntriesHref() {
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  return (account: string) => {
    const next = new URLSearchParams();
    for (const key of KEPT) {
      const v = current.get(key);
      if (v) next.set(key, v);
    }
    next.set('account', account);
    return `${location.pathname}?${next.toString()}`;
  };
}

function Amount({ cents }: { cents: number }) {
  return <span style={nowrap}>{formatCents(cents)}</span>;
}

export function BalancesTab() {
  const t = useTexts();
  const b = t.balances;
  const list = useUrlListState(entriesList);
  const settings = useAccountingSettings();
  const { from, to, journal, clientId } = list.state.filters;
  const q: BalancesQuery = Object.fromEntries(
    Object.entries({ from, to, journal, clientId }).filter(([, v]) => v !== undefined),
  ) as BalancesQuery;
  const query = useBalances(q);
  const hrefOf = useEntriesHref();

  const side = (balance: number) => {
    const s = balanceSide(balance);
    return s === 'settled' ? b.settled : s === 'debtor' ? b.debtor : b.creditor;
  };
  const columns: TableColumnsType<AccountBalance> = [
    {
      key: 'account',
      title: b.account,
      dataIndex: 'account',
      render: (account: string) => (
        <Link to={hrefOf(account)} aria-label={b.goTo(account)} style={nowrap}>
          {account}
        </Link>
      ),
    },
    { key: 'label', title: b.accountLabel, dataIndex: 'label' },
    {
      key: 'auxiliary',
      title: b.auxiliary,
      dataIndex: 'auxiliary',
      render: (aux: string | null, r) =>
        aux ? (
          <span>
            <span style={nowrap}>{aux}</span>
            {r.auxiliaryLabel && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {r.auxiliaryLabel}
              </Typography.Text>
            )}
          </span>
        ) : null,
    },
    { key: 'debit', title: b.debit, dataIndex: 'debit', align: 'right', render: (v: number) => <Amount cents={v} /> },
    { key: 'credit', title: b.credit, dataIndex: 'credit', align: 'right', render: (v: number) => <Amount cents={v} /> },
    {
      key: 'balance',
      title: b.balance,
      dataIndex: 'balance',
      align: 'right',
      render: (v: number) => (
        <span style={nowrap}>
          {formatCents(Math.abs(v))} <Typography.Text type="secondary">{side(v)}</Typography.Text>
        </span>
      ),
    },
  ];

  let body;
  if (query.isError && !query.data) {
    body = (
      <Result
        status="error"
        title={t.loadError}
        subTitle={errorMessage(query.error, t.loadError)}
        extra={
          <Button type="primary" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t.retry}
          </Button>
        }
      />
    );
  } else if (!query.data) {
    body = (
      <div role="status" aria-busy="true" aria-label={t.loading}>
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      </div>
    );
  } else if (query.data.items.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={b.empty} />;
  } else {
    const { totals } = query.data;
    body = (
      <>
        <Typography.Text type="secondary">{b.help}</Typography.Text>
        <Table<AccountBalance>
          aria-label={b.label}
          size="small"
          rowKey={(r) => `${r.account}|${r.auxiliary ?? ''}`}
          columns={columns}
          dataSource={query.data.items}
          loading={query.isFetching && query.isPlaceholderData}
          pagination={false}
          scroll={{ x: 800 }}
          onRow={() => ({ 'data-testid': 'balance-row' }) as never}
          summary={() => (
            <Table.Summary.Row data-testid="balance-total">
              <Table.Summary.Cell index={0} colSpan={3}>
                <strong>{b.total}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <strong>
                  <Amount cents={totals.debit} />
                </strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <strong>
                  <Amount cents={totals.credit} />
                </strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <strong style={nowrap}>
                  {formatCents(Math.abs(totals.debit - totals.credit))}{' '}
                  <Typography.Text type="secondary">{side(totals.debit - totals.credit)}</Typography.Text>
                </strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </>
    );
  }

  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <EntryFilters list={list} journals={settings.data?.journals} knownClient={null} idPrefix="balances" />
      {body}
    </Flex>
  );
}
