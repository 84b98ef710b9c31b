// /admin/orders — superAdmin: every shop's orders. Search (number, shop, buyer), status (header filter), shop and
// period (from / to, Paris days) in the URL; GET /v1/admin/orders.
import { useMemo } from 'react';
import { Flex, Tag } from 'antd';
import { ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { DatePicker } from 'shared-kernel/ui';
import { orderColumns } from './console.columns';
import { adminOrdersList } from './console.filters';
import { useAdminOrders } from './console.queries';
import { useTexts } from './console.texts';
import { ConsolePage } from './ConsolePage';

export default withQueryScope(function AdminOrdersPage() {
  const t = useTexts();
  const list = useUrlListState(adminOrdersList);
  const query = useAdminOrders(list.apiQuery);
  const columns = useMemo(() => orderColumns(t), [t]);
  const { from, to, shopId } = list.state.filters;
  return (
    <ConsolePage title={t.orders}>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={t.orders}
        search
        scrollX={900}
        toolbar={
          <Flex gap={8} wrap align="center">
            <label htmlFor="admin-orders-from">{t.from}</label>
            <DatePicker id="admin-orders-from" value={from ?? null} max={to} onChange={(v) => list.setFilter('from', v ?? undefined)} />
            <label htmlFor="admin-orders-to">{t.to}</label>
            <DatePicker id="admin-orders-to" value={to ?? null} min={from} onChange={(v) => list.setFilter('to', v ?? undefined)} />
            {shopId !== undefined && (
              <Tag closable onClose={() => list.setFilter('shopId', undefined)}>
                {t.shopFilter(shopId)}
              </Tag>
            )}
          </Flex>
        }
        texts={{
          empty: t.ordersEmpty,
          emptyFiltered: t.ordersEmptyFiltered,
          total: t.ordersTotal,
          searchLabel: t.ordersSearch,
          searchPlaceholder: t.ordersPlaceholder,
        }}
      />
    </ConsolePage>
  );
});
