// /dashboard/salespoints (salesPoint module, createOrderSalesPoint): the shop's salespoints (cards on
// phones) with their warehouse, accepted methods, today's takings and session, 'Ouvrir la caisse' (→ the till) and a
// link to each one's page; 'Nouveau point de vente' opens the form in a drawer (POST /pos/salespoints).
import { Button, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import type { PageProps } from 'shared-kernel/contracts';
import { EditDrawer, ResourceTable, useEditDrawer, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { useLayoutMode } from 'shared-kernel/runtime';
import { SalesPointForm } from '../form/SalesPointForm';
import { pagedQuery, wholeList } from '../paging';
import { useSalesPoints } from '../salespoints.queries';
import { useTexts } from '../texts';
import { detailHref, salesPointColumns } from './columns';

export default withQueryScope(function SalesPointsListPage(_props: PageProps) {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const list = useUrlListState(wholeList);
  const query = useSalesPoints();
  const columns = useMemo(() => salesPointColumns(t), [t]);
  const drawer = useEditDrawer();
  const paged = pagedQuery(query, list.state.page, list.state.pageSize);
  const add = (
    <Button type="primary" onClick={() => drawer.open()}>
      {t.add}
    </Button>
  );
  return (
    <Flex component="section" vertical gap={12} style={{ padding: mobile ? 12 : 16, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t.title}
      </Typography.Title>
      <Typography.Text type="secondary">{t.intro}</Typography.Text>
      <ResourceTable
        list={list}
        query={paged}
        columns={columns}
        label={t.list}
        rowHref={(s) => detailHref(s.id)}
        toolbar={add}
        scrollX={900}
        texts={{ empty: t.empty, total: t.total }}
      />
      <EditDrawer {...drawer.props} title={t.form.createTitle} width={560}>
        <SalesPointForm onDone={drawer.close} />
      </EditDrawer>
    </Flex>
  );
});
