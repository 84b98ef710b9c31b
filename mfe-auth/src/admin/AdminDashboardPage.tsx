// /admin — superAdmin: counts (shops, orders today, suspended shops), the maintenance card, the latest audited
// actions, and links to the lists. GET /v1/admin/overview, /v1/admin/maintenance, /v1/admin/audit.
import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { formatDateTime } from 'shared-kernel/domain';
import { LinkButton, withQueryScope } from 'shared-kernel/kit';
import { useAdminOverview, useLatestAudit, type AdminAuditEntry } from './console.queries';
import { useTexts } from './console.texts';
import { ConsolePage } from './ConsolePage';
import { MaintenanceCard } from './MaintenanceCard';

function auditLine(e: AdminAuditEntry, actions: Record<string, string>): string {
  const what = actions[e.action] ?? e.action;
  const target = e.targetType === 'shop' && e.targetId ? ` n° ${e.targetId}` : '';
  const reason = typeof e.detail?.reason === 'string' && e.action === 'shop.suspend' ? ` (${e.detail.reason})` : '';
  return `${e.userName} ${what}${target}${reason}`;
}

export default withQueryScope(function AdminDashboardPage() {
  const t = useTexts();
  const overview = useAdminOverview();
  const audit = useLatestAudit();

  const stat = (title: string, value: number | undefined, to: string) => (
    <Col xs={24} sm={8}>
      <Card>
        {overview.isPending ? <Skeleton active paragraph={false} /> : <Statistic title={title} value={value ?? '—'} />}
        <LinkButton type="link" to={to} style={{ padding: 0 }}>
          {t.seeAll}
        </LinkButton>
      </Card>
    </Col>
  );
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

  return (
    <ConsolePage title={t.dashboard}>
      {overview.isError && (
        <Alert
          type="error"
          showIcon
          title={overview.error.message || t.loadError}
          action={<Button onClick={() => void overview.refetch()}>{t.retry}</Button>}
        />
      )}
      <Row gutter={[16, 16]}>
        {stat(t.shopsCount, overview.data?.shops, '/admin/shops')}
        {stat(t.ordersToday, overview.data?.ordersToday, `/admin/orders?from=${today}&to=${today}`)}
        {stat(t.suspendedShops, overview.data?.suspendedShops, '/admin/shops?suspended=true')}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <MaintenanceCard />
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t.audit}>
            {audit.isError ? (
              <Alert type="error" showIcon title={audit.error.message || t.loadError} />
            ) : (
              <ul aria-label={t.audit} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
                {audit.isPending && (
                  <li>
                    <Skeleton active paragraph={{ rows: 2 }} />
                  </li>
                )}
                {audit.data?.items.length === 0 && (
                  <li>
                    <Typography.Text type="secondary">{t.auditEmpty}</Typography.Text>
                  </li>
                )}
                {audit.data?.items.map((e) => (
                  <li key={e.id}>
                    <div>{auditLine(e, t.auditActions)}</div>
                    <Typography.Text type="secondary">{formatDateTime(e.at)}</Typography.Text>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
      </Row>
    </ConsolePage>
  );
});
