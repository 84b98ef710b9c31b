// /dashboard/crm/campaigns (createCampaign, module campaigns): the shop's campaigns with their status, date, number
// of recipients and open / click rates; searched, sorted, filtered by status, exported as CSV.
import { Flex, Typography } from 'antd';
import { LinkButton, ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { useLayoutMode } from 'shared-kernel/runtime';
import { fetchCampaigns, useCampaigns } from '../campaigns.queries';
import { useTexts } from '../texts';
import { campaignColumns } from './columns';
import { campaignsList } from './filters';

export default withQueryScope(function CampaignsListPage() {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const list = useUrlListState(campaignsList);
  const query = useCampaigns(list.apiQuery);
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
        rowHref={(c) => `/dashboard/crm/campaigns/${c.id}`}
        search
        scrollX={900}
        exportCsv={{ filename: t.csv, fetchPage: fetchCampaigns }}
        toolbar={
          <LinkButton type="primary" to="/dashboard/crm/campaigns/add">
            {t.add}
          </LinkButton>
        }
        texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
      />
    </Flex>
  );
});
