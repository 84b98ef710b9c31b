// /dashboard/salespoints/:id: one salespoint — its name, warehouse, methods, session and today's takings,
// 'Ouvrir la caisse' (→ the till) and 'Modifier' (the form in a drawer, PUT), then four tabs kept in the URL
// (?tab=tickets|sessions|closings|integrity, tickets by default):
// - Tickets: the tickets of the period, one open like a receipt (PDF, e-mail) (./tickets)
// - Sessions: each opening of the till, its float and its Z (./sessions)
// - Clôtures: the day Z, the months and the years, one open as its report (./closings)
// - Intégrité: the check of the inalterable journal and the signed archive (./integrity)
// An unknown id, a malformed one or another shop's salespoint shows the kit's ResourceNotFound.
import type { ReactNode } from 'react';
import { Button, Flex, Tabs, Tag } from 'antd';
import type { PageProps, SalesPoint } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { DetailLayout, EditDrawer, LinkButton, QueryBoundary, useEditDrawer, useIdParam, withQueryScope } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { SalesPointForm } from '../form/SalesPointForm';
import { MethodTags, SessionState, tillHref } from '../list/columns';
import { useSalesPoint } from '../salespoints.queries';
import { useTexts } from '../texts';
import { ClosingsTab } from './closings/ClosingsTab';
import { IntegrityTab } from './integrity/IntegrityTab';
import { SessionsTab } from './sessions/SessionsTab';
import { TicketsTab } from './tickets/TicketsTab';
import { SALESPOINT_TABS, TAB_PARAMS, tabOf, type SalesPointTab } from './url';

const LIST = '/dashboard/salespoints';

const CONTENT: Record<SalesPointTab, (s: SalesPoint) => ReactNode> = {
  tickets: (s) => <TicketsTab salesPoint={s} />,
  sessions: (s) => <SessionsTab salesPoint={s} />,
  closings: (s) => <ClosingsTab salesPoint={s} />,
  integrity: (s) => <IntegrityTab salesPoint={s} />,
};

function Summary({ s }: { s: SalesPoint }) {
  const t = useTexts();
  return (
    <Flex wrap gap={12} align="center" data-testid="salespoint-summary">
      <span>{t.detail.warehouseOf(s.warehouse.name)}</span>
      <SessionState t={t} session={s.session} />
      <span>
        {t.today} : <strong>{t.todayOf(formatCents(s.today.total), s.today.tickets)}</strong>
      </span>
      <MethodTags t={t} methods={s.methods} />
      {s.typology && <Tag>{t.detail.typologyOf(s.typology)}</Tag>}
      {s.display && <Tag>{t.detail.display}</Tag>}
    </Flex>
  );
}

function SalesPointTabs({ s }: { s: SalesPoint }) {
  const t = useTexts().detail;
  const [params, setParams] = useSearchParams();
  const active = tabOf(params.get('tab'));
  return (
    <Tabs
      aria-label={t.tabsLabel}
      activeKey={active}
      destroyOnHidden
      onChange={(key) =>
        setParams((prev) => {
          const next = new URLSearchParams(prev);
          for (const p of TAB_PARAMS) next.delete(p);
          if (key === 'tickets') next.delete('tab');
          else next.set('tab', key);
          return next;
        })
      }
      items={SALESPOINT_TABS.map((key) => ({ key, label: t.tabs[key], children: key === active ? CONTENT[key](s) : null }))}
    />
  );
}

export default withQueryScope(function SalesPointDetailPage(_props: PageProps) {
  const t = useTexts();
  const id = useIdParam();
  const query = useSalesPoint(id);
  const edit = useEditDrawer();
  return (
    <QueryBoundary query={query} missing={id === null} notFound={{ backTo: LIST, backLabel: t.detail.back, title: t.detail.notFound }}>
      {(s) => (
        <DetailLayout
          title={s.name}
          backTo={LIST}
          backLabel={t.detail.back}
          meta={<Summary s={s} />}
          actions={
            <>
              <LinkButton type="primary" to={tillHref(s.id)}>
                {t.openTill}
              </LinkButton>
              <Button onClick={() => edit.open()}>{t.detail.edit}</Button>
            </>
          }
        >
          <SalesPointTabs s={s} />
          <EditDrawer {...edit.props} title={t.form.editTitle} width={560}>
            <SalesPointForm salesPoint={s} onDone={edit.close} />
          </EditDrawer>
        </DetailLayout>
      )}
    </QueryBoundary>
  );
});
