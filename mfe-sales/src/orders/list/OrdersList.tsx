// The orders list of /dashboard/orders (kind=order) and /dashboard/reservations (kind=reservation).
// Staff (owner, iam with seeAllOrder): the shop's orders in a table paginated on the server; agents the same read-only
// table with the orders they placed themselves (the api has no shop view for agents). Buyers: their orders across
// shops as cards. Phones: cards for everyone (no horizontal scroll). page, pageSize, sort and status live in the URL
// (ResourceTable + useUrlListState: reload and back keep them; `?status=pending` is the dashboard widget's link).
// Issue 14: 'Nouvelle commande' (createOrder) and, for the shop's owner and iam, bulk 'Valider' / 'Facturer'.
import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Select, Typography } from 'antd';
import type { BulkOrderActionResult, OrderSummary } from 'shared-kernel/contracts';
import { currentShopId, hasPermission, ORDER_STATUSES, ORDER_STATUS, type OrderStatus, type Permission } from 'shared-kernel/domain';
import { errorMessage, LinkButton, ResourceTable, useUrlListState } from 'shared-kernel/kit';
import { confirmPopup, notify, useLayoutMode, useSession } from 'shared-kernel/runtime';
import { fetchOrders, KIND_BASE, useBulkOrderAction, useOrders, type OrderKind } from '../orders.queries';
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

/** 'Valider' / 'Facturer' on the selected orders (POST /sales/orders/bulk): confirmed, then what was done and what failed. */
function useBulkActions(onResult: (r: BulkOrderActionResult) => void) {
  const t = useTexts().desk;
  const bulk = useBulkOrderAction();
  return (action: 'validate' | 'invoice', rows: OrderSummary[], clear: () => void) =>
    void confirmPopup({
      title: action === 'invoice' ? t.bulkInvoiceTitle : t.bulkValidateTitle,
      content: action === 'invoice' ? t.bulkInvoiceContent(rows.length) : t.bulkValidateContent(rows.length),
      okText: action === 'invoice' ? t.bulkInvoice : t.bulkValidate,
      onOk: async () => {
        try {
          const result = await bulk.mutateAsync({ action, ids: rows.map((r) => r.id) });
          onResult(result);
          if (result.failed.length === 0) notify.success(result.message);
          clear();
        } catch (err) {
          notify.error(errorMessage(err));
          throw err;
        }
      },
    });
}

function BulkResult({ result, onClose }: { result: BulkOrderActionResult; onClose: () => void }) {
  const t = useTexts().desk;
  return (
    <Alert
      type={result.failed.length ? 'warning' : 'success'}
      showIcon
      closable={{ onClose }}
      title={result.message}
      description={
        <div data-testid="bulk-result">
          <div>{t.bulkDone(result.done.length)}</div>
          {result.failed.length > 0 && (
            <>
              <div>{t.bulkFailed(result.failed.length)} :</div>
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {result.failed.map((f) => (
                  <li key={f.id}>
                    {f.number} : {f.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      }
    />
  );
}

export function OrdersList({ kind, texts: k }: { kind: OrderKind; texts: KindTexts }) {
  const t = useTexts();
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const role = user?.role;
  const staff = !!role && role !== 'buyer';
  const can = (perm: Permission) => hasPermission(user, currentShopId(user, shop), perm);
  // back-office orders: a new order for who may create one; bulk actions for the shop's owner and iam
  const desk = kind === 'order' && staff;
  const canCreate = desk && can('createOrder');
  const canValidate = desk && role !== 'agent' && can('createOrder');
  const canInvoice = desk && role !== 'agent' && can('billOrder');
  const [bulkResult, setBulkResult] = useState<BulkOrderActionResult | null>(null);
  const runBulk = useBulkActions(setBulkResult);
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
      {bulkResult && <BulkResult result={bulkResult} onClose={() => setBulkResult(null)} />}
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={k.listLabel}
        rowHref={(o) => `${KIND_BASE[kind]}/${o.id}`}
        cards={staff ? 'auto' : 'always'}
        toolbar={
          showFilter || canCreate ? (
            <>
              {showFilter && <StatusFilter value={status} onChange={(s) => list.setFilter('status', s)} />}
              {canCreate && (
                <LinkButton type="primary" to="/dashboard/orders/add">
                  {t.desk.newOrder}
                </LinkButton>
              )}
            </>
          ) : undefined
        }
        selection={
          canValidate || canInvoice
            ? {
                actions: (rows, clear) => (
                  <>
                    {canValidate && <Button onClick={() => runBulk('validate', rows, clear)}>{t.desk.bulkValidate}</Button>}
                    {canInvoice && (
                      <Button type="primary" onClick={() => runBulk('invoice', rows, clear)}>
                        {t.desk.bulkInvoice}
                      </Button>
                    )}
                  </>
                ),
              }
            : undefined
        }
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
