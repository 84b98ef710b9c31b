// /dashboard/futures (seeFutureOrder, module futures): the primeur campaigns of the shop, searched, sorted, filtered by
// status, exported as CSV; 'Nouvelle campagne' for createFutureOrder.
import { Flex, Typography } from 'antd';
import { LinkButton, ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { useLayoutMode } from 'shared-kernel/runtime';
import { fetchCampaigns, useCampaigns } from '../futures.queries';
import { useCanCreateFutures } from '../permissions';
import { useTexts } from '../texts';
import { campaignColumns } from './columns';
import { campaignsList } from './filters';

export default withQueryScope(function FuturesListPage() {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const list = useUrlListState(campaignsList);
  const query = useCampaigns(list.apiQuery);
  const canCreate = useCanCreateFutures();
  return (
    <Flex component="section" vertical gap={16} style={{ padding: mobile ? 12 : 16, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t.title}
      </Typography.Title>
      <ResourceTable
        list={list}
        query={query}
        columns={campaignColumns}
        label={t.label}
        rowHref={(c) => `/dashboard/futures/${c.id}`}
        search
        scrollX={1000}
        exportCsv={{ filename: t.csv, fetchPage: fetchCampaigns }}
        toolbar={
          canCreate ? (
            <LinkButton type="primary" to="/dashboard/futures/add">
              {t.add}
            </LinkButton>
          ) : undefined
        }
        texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
      />
    </Flex>
  );
});
