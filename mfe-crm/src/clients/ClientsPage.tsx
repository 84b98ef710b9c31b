// /dashboard/clients — for now: the price-grid requests of professional buyers (accept with a typology / refuse) and
// the professional clients attached to the shop. The full client file (fiche client, /dashboard/clients/add,
// opportunities, prospection) comes later and says so on the page.
// Owner, and iam with seeAllClient (read) / createClient (decide). Agents reach this route too (spec §2): they get
// an honest 'coming soon' note, the api has no agent view of the shop's clients.
// Both lists are kit lists (ResourceTable): page, page size and sort in the URL, the requests' with the `req_` prefix.
import { useMemo } from 'react';
import { Alert, Flex, Tag, Typography, theme } from 'antd';
import { currentShopId, hasPermission } from 'shared-kernel/domain';
import { ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { useLayoutMode, useSession } from 'shared-kernel/runtime';
import { usePriceGridRequests, useShopClients } from './clients.queries';
import { clientColumns, requestColumns } from './list/columns';
import { clientsList, requestsList, REQUESTS_PREFIX } from './list/filters';
import type { TypologyOption } from './list/RequestDecision';
import { useTexts } from './texts';

function SectionTitle({ id, children }: { id: string; children: React.ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Typography.Title level={2} id={id} style={{ fontSize: token.fontSizeHeading5, margin: 0 }}>
      {children}
    </Typography.Title>
  );
}

function RequestsSection({ typologies, canDecide }: { typologies: readonly TypologyOption[]; canDecide: boolean }) {
  const t = useTexts();
  const list = useUrlListState(requestsList, { prefix: REQUESTS_PREFIX });
  const query = usePriceGridRequests({ ...list.apiQuery, status: 'pending' });
  const total = query.data?.total ?? 0;
  const columns = useMemo(() => requestColumns(t, canDecide ? { typologies } : null), [t, canDecide, typologies]);
  return (
    <Flex vertical gap={12} component="section" aria-labelledby="wz-crm-requests" data-testid="grid-requests" style={{ minWidth: 0 }}>
      <SectionTitle id="wz-crm-requests">
        {t.requestsTitle}{' '}
        {total > 0 && (
          <Tag color="orange" data-testid="pending-count">
            {total}
          </Tag>
        )}
      </SectionTitle>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t.requestsIntro}
      </Typography.Paragraph>
      {canDecide && typologies.length === 0 && <Alert type="warning" role="note" showIcon title={t.noTypology} />}
      {!canDecide && <Alert type="info" role="note" showIcon title={t.readOnly} />}
      <ResourceTable list={list} query={query} columns={columns} label={t.requestsList} texts={{ empty: t.requestsEmpty }} />
    </Flex>
  );
}

function ClientsSection() {
  const t = useTexts();
  const list = useUrlListState(clientsList);
  const query = useShopClients(list.apiQuery);
  const columns = useMemo(() => clientColumns(t), [t]);
  return (
    <Flex vertical gap={12} component="section" aria-labelledby="wz-crm-clients" data-testid="shop-clients" style={{ minWidth: 0 }}>
      <SectionTitle id="wz-crm-clients">{t.clientsTitle}</SectionTitle>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={t.clientsList}
        rowKey="userId"
        scrollX={640}
        texts={{ empty: t.clientsEmpty }}
      />
    </Flex>
  );
}

/** `embedded`: inside the client file's 'Demandes de grille tarifaire' tab (no page title, no 'coming soon' note). */
export function ClientsView({ embedded = false }: { embedded?: boolean }) {
  const t = useTexts();
  const { token } = theme.useToken();
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const mode = useLayoutMode();
  const padding = mode === 'mobile' ? token.paddingSM : token.padding;
  const shopTypologies = shop?.typologies;
  const typologies = useMemo<TypologyOption[]>(
    () => (shopTypologies ?? []).map((ty) => ({ id: ty.id, name: ty.name, public: ty.public })),
    [shopTypologies],
  );
  const title = (text: string) => (
    <Typography.Title level={1} style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>
      {text}
    </Typography.Title>
  );
  if (user?.role === 'agent') {
    return (
      <Flex vertical gap={16} component="section" style={{ padding }} data-testid="clients-page">
        {title(t.agentTitle)}
        <Alert type="info" role="note" showIcon title={t.agentLater} />
      </Flex>
    );
  }
  const shopId = currentShopId(user, shop);
  const canDecide = !!user && (user.role === 'owner' || user.role === 'iam') && hasPermission(user, shopId, 'createClient');
  return (
    <Flex vertical gap={24} component="section" style={{ padding: embedded ? 0 : padding, minWidth: 0 }} data-testid="clients-page">
      {!embedded && (
        <Flex vertical gap={8}>
          {title(t.title)}
          <Alert type="info" role="note" showIcon title={t.later} data-testid="clients-later" />
        </Flex>
      )}
      <RequestsSection typologies={typologies} canDecide={canDecide} />
      <ClientsSection />
    </Flex>
  );
}

export const ClientsPage = withQueryScope(function ClientsPageView() {
  return <ClientsView />;
});
export default ClientsPage;
