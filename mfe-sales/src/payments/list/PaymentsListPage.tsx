// /dashboard/payments (règlements): every payment received or refunded (GET /sales/payments), filtered by direction,
// method and date, exported as CSV; 'Enregistrer un règlement' opens the payment drawer.
import { Button, Flex, Typography } from 'antd';
import { EditDrawer, ResourceTable, useEditDrawer, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { useLayoutMode } from 'shared-kernel/runtime';
import { DatePicker } from 'shared-kernel/ui';
import { PaymentForm } from '../form/PaymentForm';
import { fetchPayments, usePayments } from '../payments.queries';
import { useTexts } from '../texts';
import { paymentColumns } from './columns';
import { paymentsList } from './filters';

export default withQueryScope(function PaymentsListPage() {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const list = useUrlListState(paymentsList);
  const query = usePayments(list.apiQuery);
  const drawer = useEditDrawer();
  const { from, to } = list.state.filters;

  return (
    <Flex component="section" vertical gap={16} style={{ padding: mobile ? 12 : 16, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t.list.title}
      </Typography.Title>
      <ResourceTable
        list={list}
        query={query}
        columns={paymentColumns}
        label={t.list.label}
        scrollX={1000}
        exportCsv={{ filename: t.list.csv, fetchPage: fetchPayments }}
        toolbar={
          <>
            <Flex component="label" align="center" gap={6}>
              <span>{t.list.from}</span>
              <span style={{ width: 150 }}>
                <DatePicker id="payments-from" value={from ?? null} max={to} onChange={(v) => list.setFilter('from', v ?? undefined)} />
              </span>
            </Flex>
            <Flex component="label" align="center" gap={6}>
              <span>{t.list.to}</span>
              <span style={{ width: 150 }}>
                <DatePicker id="payments-to" value={to ?? null} min={from} onChange={(v) => list.setFilter('to', v ?? undefined)} />
              </span>
            </Flex>
            <Button type="primary" onClick={() => drawer.open()}>
              {t.list.add}
            </Button>
          </>
        }
        texts={{ empty: t.list.empty, emptyFiltered: t.list.emptyFiltered, total: t.list.total }}
      />
      <EditDrawer {...drawer.props} title={t.form.title} width={640}>
        <PaymentForm onDone={drawer.close} />
      </EditDrawer>
    </Flex>
  );
});
