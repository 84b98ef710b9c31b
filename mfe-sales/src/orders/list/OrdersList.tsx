// The orders list of /dashboard/orders (kind=order) and /dashboard/reservations (kind=reservation).
// Staff (owner, iam with seeAllOrder): the shop's orders in a table paginated on the server; agents the same read-only
// table with the orders they placed themselves (the api has no shop view for agents). Buyers: their orders across
// shops as cards. Phones: cards for everyone (no horizontal scroll). page, pageSize, sort and status live in the URL
// (ResourceTable + useUrlListState: reload and back keep them; `?status=pending` is the dashboard widget's link).
import { useMemo } from 'react';
import { Flex, Select, Typography } from 'antd';
import { ORDER_STATUSES, ORDER_STATUS, type OrderStatus } from 'shared-kernel/domain';
import { LinkButton, ResourceTable, useUrlListState } from 'shared-kernel/kit';
import { useLayoutMode, useSession } from 'shared-kernel/runtime';
import { fetchOrders, KIND_BASE, useOrders, type OrderKind } from '../orders.queries';
import { useTexts, type KindTexts } from '../texts';
import { orderColumns, orderCsvColumns } from './columns';
import { ordersList } from './filters';

function StatusFilter({ value, onChange }: { value: OrderStatus | undefined; onChange: (status: OrderStatus | undefined) => void }) {
  const t = useTexts().list;
  return (
    <Flex component="label" align="center" gap={8} wrap>
      <span>{t.statusFilter}</span>
      <Select<OrderStatus>
        aria-label={t.statusFilter}
        style={{ minWidth: 200 }}
        allowClear
        placeholder={t.allStatuses}
        value={value}
        onChange={(v) => onChange(v ?? undefined)}
        options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS[s].label }))}
      />
    </Flex>
  );
}

export function OrdersList({ kind, texts: k }: { kind: OrderKind; texts: KindTexts }) {
  const t = useTexts();
  const role = useSession((s) => s.user?.role);
  const staff = !!role && role !== 'buyer';
  const mobile = useLayoutMode() === 'mobile';
  const list = useUrlListState(ordersList);
  const query = useOrders({ ...list.apiQuery, kind });
  const columns = useMemo(() => orderColumns(kind, staff ? 'staff' : 'buyer'), [kind, staff]);
  const csvColumns = useMemo(() => orderCsvColumns(columns), [columns]);
  const status = list.state.filters.status;
  // a buyer without any order has nothing to filter
  const showFilter = staff || (query.data?.total ?? 0) > 0 || status !== undefined;

  return (
    <Flex
      component="section"
      vertical
      gap={16}
      style={{ padding: mobile ? 12 : 16, minWidth: 0 }}
      data-testid={`${kind}-list`}
      data-view={staff ? 'staff' : 'buyer'}
    >
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {!staff ? k.buyerTitle : role === 'agent' ? k.agentTitle : k.sellerTitle}
      </Typography.Title>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={k.listLabel}
        rowHref={(o) => `${KIND_BASE[kind]}/${o.id}`}
        cards={staff ? 'auto' : 'always'}
        toolbar={showFilter ? <StatusFilter value={status} onChange={(s) => list.setFilter('status', s)} /> : undefined}
        exportCsv={staff ? { filename: k.csvFilename, fetchPage: (q) => fetchOrders({ ...q, kind }), columns: csvColumns } : undefined}
        texts={{
          empty: staff ? (
            k.empty
          ) : (
            <Flex vertical>
              <Typography.Text strong>{k.empty}</Typography.Text>
              <span>{k.buyerEmptyHint}</span>
            </Flex>
          ),
          emptyFiltered: k.emptyFiltered,
          total: k.total,
        }}
        emptyAction={
          staff ? undefined : (
            <LinkButton type="primary" to="/shops">
              {t.list.seeShops}
            </LinkButton>
          )
        }
      />
    </Flex>
  );
}
