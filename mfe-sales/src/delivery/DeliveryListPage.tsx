// /dashboard/delivery (expéditions, manageDelivery): the validated and invoiced orders to prepare and ship
// (GET /sales/deliveries), oldest first, filtered by delivery status in the toolbar (À expédier, En transit, Livrées,
// Incidents; none = every open one), searched, exported as CSV. Per row: the delivery note, 'Expédier' (carrier and
// tracking number) and 'Marquer livrée' (./DeliveryActions.tsx); the number opens the order. Every column fits at
// 1366 px, the actions pinned to the right (./columns.tsx).
import { useMemo, useState } from 'react';
import { Flex, Radio, Select, Typography } from 'antd';
import type { DeliveryItem } from 'shared-kernel/contracts';
import { ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { shopModuleActive } from 'shared-kernel/domain';
import { useLayoutMode, useSession } from 'shared-kernel/runtime';
import { DELIVERY_TABLE_MIN_WIDTH, deliveryColumns, deliveryCsvColumns } from './columns';
import { ShipDialog } from './DeliveryActions';
import { fetchDeliveries, useDeliveries } from './delivery.queries';
import { DELIVERY_GROUP_KEYS, DELIVERY_GROUPS, deliveriesList, groupOf, type DeliveryGroup } from './filters';
import { useTexts } from './texts';
import { UpsLabelsButton } from './UpsLabelsButton';

function StatusFilter({ value, onChange }: { value: DeliveryGroup | null; onChange: (group: DeliveryGroup) => void }) {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const options = DELIVERY_GROUP_KEYS.map((g) => ({ value: g, label: t.groups[g] }));
  if (mobile) {
    return (
      <Select<DeliveryGroup>
        aria-label={t.filter}
        style={{ width: '100%' }}
        value={value ?? undefined}
        placeholder={t.filter}
        onChange={onChange}
        options={options}
      />
    );
  }
  return (
    <Radio.Group
      aria-label={t.filter}
      optionType="button"
      value={value}
      onChange={(e) => onChange(e.target.value as DeliveryGroup)}
      options={options}
    />
  );
}

export default withQueryScope(function DeliveryListPage() {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const list = useUrlListState(deliveriesList);
  const query = useDeliveries(list.apiQuery);
  const [shipping, setShipping] = useState<DeliveryItem | null>(null);
  const columns = useMemo(() => deliveryColumns(setShipping), []);
  const ups = useSession((s) => shopModuleActive(s.shop, 'ups'));

  return (
    <Flex component="section" vertical gap={16} style={{ padding: mobile ? 12 : 16, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t.title}
      </Typography.Title>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={t.label}
        rowKey="orderId"
        rowHref={(d) => `/dashboard/orders/${d.orderId}`}
        search
        scrollX={DELIVERY_TABLE_MIN_WIDTH}
        exportCsv={{ filename: t.csv, fetchPage: fetchDeliveries, columns: deliveryCsvColumns }}
        toolbar={
          <StatusFilter
            value={groupOf(list.state.filters.deliveryStatus)}
            onChange={(g) => {
              const statuses = DELIVERY_GROUPS[g];
              list.setFilter('deliveryStatus', statuses.length ? [...statuses] : undefined);
            }}
          />
        }
        texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
        selection={ups ? { actions: (rows) => <UpsLabelsButton orderIds={rows.map((r) => r.orderId)} /> } : undefined}
      />
      {shipping && <ShipDialog item={shipping} onClose={() => setShipping(null)} />}
    </Flex>
  );
});
