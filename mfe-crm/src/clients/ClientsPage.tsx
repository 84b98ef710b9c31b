// /dashboard/clients — for now: the price-grid requests of professional buyers (accept with a typology / refuse) and
// the professional clients attached to the shop. The full client file (fiche client, /dashboard/clients/add,
// opportunities, prospection) comes later and says so on the page.
// Owner, and iam with seeAllClient (read) / createClient (decide). Agents reach this route too (spec §2): they get
// an honest 'coming soon' note, the api has no agent view of the shop's clients.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Pagination, Select, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import type { PriceGridRequestItem, ShopClient } from 'shared-kernel/contracts';
import { currentShopId, formatDateTime, hasPermission } from 'shared-kernel/domain';
import { confirmPopup, useLayoutMode, useSession } from 'shared-kernel/runtime';
import { withQueryScope } from 'shared-kernel/query';
import {
  CLIENTS_PAGE_SIZE, REQUESTS_PAGE_SIZE, errorMessage, useDecide, usePendingRequests, useShopClients,
} from './clients-api';
import { useTexts, type Texts } from './texts';

export interface TypologyOption { id: string; name: string; public: boolean }

/** The typology proposed first: the shop's professional (non-public) one, else the first. */
export function defaultTypology(typologies: TypologyOption[]): string | undefined {
  return (typologies.find((t) => !t.public) ?? typologies[0])?.id;
}

function ErrorBox({ error, onRetry, retrying, t }: { error: unknown; onRetry: () => void; retrying: boolean; t: Texts }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t.loadError}
      description={errorMessage(error, t.loadError)}
      action={<Button onClick={onRetry} loading={retrying}>{t.retry}</Button>}
    />
  );
}

function Contact({ email, phone }: { email: string; phone: string | null }) {
  return (
    <>
      <a href={`mailto:${email}`} style={{ overflowWrap: 'anywhere' }}>{email}</a>
      {phone ? <> · <a href={`tel:${phone.replace(/\s/g, '')}`} style={{ whiteSpace: 'nowrap' }}>{phone}</a></> : null}
    </>
  );
}

function RequestCard({ request, typologies, canDecide, t }: { request: PriceGridRequestItem; typologies: TypologyOption[]; canDecide: boolean; t: Texts }) {
  const [typology, setTypology] = useState<string | undefined>(() => defaultTypology(typologies));
  const [busy, setBusy] = useState<null | 'accept' | 'refuse'>(null);
  const decide = useDecide();
  const name = request.requester.name;

  const accept = async () => {
    if (!typology) return;
    setBusy('accept');
    try {
      await decide.mutateAsync({ id: request.id, decision: { decision: 'accept', typology } });
    } catch {
      // the api's message is already shown as a snackbar; the list is refreshed
    } finally {
      setBusy(null);
    }
  };
  const refuse = () => {
    setBusy('refuse');
    void confirmPopup({
      title: t.refuseTitle,
      content: <p style={{ margin: 0 }}>{t.refuseText(name)}</p>,
      okText: t.refuse,
      error: true,
      // a failure keeps the popup open (and the api's message shows as a snackbar)
      onOk: async () => { await decide.mutateAsync({ id: request.id, decision: { decision: 'refuse' } }); },
    }).finally(() => setBusy(null));
  };

  return (
    <li data-testid="grid-request" style={{ border: '1px solid #e5e5e5', borderRadius: 8, background: '#fff', padding: 12, display: 'grid', gap: 8, minWidth: 0 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <strong style={{ overflowWrap: 'anywhere' }}>{name}</strong>
        <span style={{ color: '#555', whiteSpace: 'nowrap' }}>
          <span className="wz-visually-hidden" style={visuallyHidden}>{t.date} : </span>
          {formatDateTime(request.createdAt)}
        </span>
      </div>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 8, rowGap: 2, minWidth: 0 }}>
        <dt style={{ color: '#555' }}>{t.company}</dt>
        <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{request.company || t.none}</dd>
        <dt style={{ color: '#555' }}>{t.email}</dt>
        <dd style={{ margin: 0, minWidth: 0 }}><a href={`mailto:${request.requester.email}`} style={{ overflowWrap: 'anywhere' }}>{request.requester.email}</a></dd>
        <dt style={{ color: '#555' }}>{t.phone}</dt>
        <dd style={{ margin: 0 }}>
          {request.requester.phone ? <a href={`tel:${request.requester.phone.replace(/\s/g, '')}`}>{request.requester.phone}</a> : t.none}
        </dd>
      </dl>
      {canDecide && (
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
          <Select<string>
            aria-label={t.typologyFor(name)}
            data-testid="typology-select"
            style={{ minWidth: 180, flex: '1 1 180px' }}
            value={typology}
            onChange={setTypology}
            disabled={busy !== null}
            options={typologies.map((ty) => ({ value: ty.id, label: ty.name }))}
          />
          <Button type="primary" aria-label={t.acceptFor(name)} onClick={() => void accept()} loading={busy === 'accept'} disabled={!typology || busy === 'refuse'}>
            {t.accept}
          </Button>
          <Button danger aria-label={t.refuseFor(name)} onClick={refuse} loading={busy === 'refuse'} disabled={busy === 'accept'}>
            {t.refuse}
          </Button>
        </div>
      )}
    </li>
  );
}

const visuallyHidden: React.CSSProperties = {
  position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
};

function RequestsSection({ typologies, canDecide, t }: { typologies: TypologyOption[]; canDecide: boolean; t: Texts }) {
  const [page, setPage] = useState(1);
  const query = usePendingRequests(page);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  // the last request of a page was just decided: go back one page
  const pastEnd = !!query.data && !query.isPlaceholderData && items.length === 0 && page > 1;
  useEffect(() => {
    if (pastEnd) setPage((p) => Math.max(1, p - 1));
  }, [pastEnd]);
  let body: ReactNode;
  if (query.isError && !query.data) body = <ErrorBox error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} t={t} />;
  else if (!query.data || pastEnd) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (items.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.requestsEmpty} />;
  else {
    body = (
      <>
        <ul aria-label={t.requestsList} aria-busy={query.isFetching} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' }}>
          {items.map((r) => <RequestCard key={r.id} request={r} typologies={typologies} canDecide={canDecide} t={t} />)}
        </ul>
        <Pagination align="center" size="small" current={page} pageSize={REQUESTS_PAGE_SIZE} total={total} onChange={setPage} hideOnSinglePage showSizeChanger={false} />
      </>
    );
  }
  return (
    <section aria-labelledby="wz-crm-requests" style={{ display: 'grid', gap: 12, minWidth: 0 }} data-testid="grid-requests">
      <h2 id="wz-crm-requests" style={{ fontSize: 17, margin: 0 }}>
        {t.requestsTitle} {total > 0 && <Tag color="orange" data-testid="pending-count">{total}</Tag>}
      </h2>
      <p style={{ margin: 0, color: '#555' }}>{t.requestsIntro}</p>
      {canDecide && typologies.length === 0 && <Alert type="warning" role="note" showIcon title={t.noTypology} />}
      {!canDecide && <Alert type="info" role="note" showIcon title={t.readOnly} />}
      {body}
    </section>
  );
}

function ClientsSection({ t }: { t: Texts }) {
  const [page, setPage] = useState(1);
  const mode = useLayoutMode();
  const query = useShopClients(page);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const columns: TableColumnsType<ShopClient> = [
    { title: t.name, dataIndex: 'name', key: 'name', render: (n: string) => <strong>{n}</strong> },
    { title: t.company, dataIndex: 'company', key: 'company', render: (c: string | null) => c || t.none },
    { title: t.email, key: 'email', render: (_: unknown, c) => <Contact email={c.email} phone={c.phone} /> },
    { title: t.typology, key: 'typology', render: (_: unknown, c) => <Tag>{c.typologyName ?? c.typology ?? t.none}</Tag> },
    { title: t.since, dataIndex: 'since', key: 'since', render: (d: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d).slice(0, 10)}</span> },
  ];
  let body: ReactNode;
  if (query.isError && !query.data) body = <ErrorBox error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} t={t} />;
  else if (!query.data) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (total === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.clientsEmpty} />;
  else if (mode === 'mobile') {
    body = (
      <>
        <ul aria-label={t.clientsList} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {items.map((c) => (
            <li key={c.userId} data-testid="client-item" style={{ border: '1px solid #e5e5e5', borderRadius: 8, background: '#fff', padding: 12, minWidth: 0 }}>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
                <strong style={{ overflowWrap: 'anywhere' }}>{c.name}</strong>
                <Tag>{c.typologyName ?? c.typology ?? t.none}</Tag>
              </div>
              {c.company && <div style={{ color: '#555', overflowWrap: 'anywhere' }}>{c.company}</div>}
              <div><Contact email={c.email} phone={c.phone} /></div>
            </li>
          ))}
        </ul>
        <Pagination align="center" size="small" simple current={page} pageSize={CLIENTS_PAGE_SIZE} total={total} onChange={setPage} hideOnSinglePage />
      </>
    );
  } else {
    body = (
      <Table<ShopClient>
        rowKey="userId"
        aria-label={t.clientsList}
        loading={query.isFetching}
        columns={columns}
        dataSource={items}
        scroll={{ x: 640 }}
        onRow={() => ({ 'data-testid': 'client-item' } as React.HTMLAttributes<HTMLElement>)}
        pagination={{ current: page, pageSize: CLIENTS_PAGE_SIZE, total, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
      />
    );
  }
  return (
    <section aria-labelledby="wz-crm-clients" style={{ display: 'grid', gap: 12, minWidth: 0 }} data-testid="shop-clients">
      <h2 id="wz-crm-clients" style={{ fontSize: 17, margin: 0 }}>{t.clientsTitle}</h2>
      {body}
    </section>
  );
}

export function ClientsView() {
  const t = useTexts();
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const mode = useLayoutMode();
  const padding = mode === 'mobile' ? 12 : 16;
  if (user?.role === 'agent') {
    return (
      <section style={{ display: 'grid', gap: 16, padding }} data-testid="clients-page">
        <h1 style={{ fontSize: 20, margin: 0 }}>{t.agentTitle}</h1>
        <Alert type="info" role="note" showIcon title={t.agentLater} />
      </section>
    );
  }
  const shopId = currentShopId(user, shop);
  const canDecide = !!user && (user.role === 'owner' || user.role === 'iam') && hasPermission(user, shopId, 'createClient');
  const typologies: TypologyOption[] = (shop?.typologies ?? []).map((ty) => ({ id: ty.id, name: ty.name, public: ty.public }));
  return (
    <section style={{ display: 'grid', gap: 24, padding, minWidth: 0 }} data-testid="clients-page">
      <div style={{ display: 'grid', gap: 8 }}>
        <h1 style={{ fontSize: 20, margin: 0 }}>{t.title}</h1>
        <Alert type="info" role="note" showIcon title={t.later} data-testid="clients-later" />
      </div>
      <RequestsSection typologies={typologies} canDecide={canDecide} t={t} />
      <ClientsSection t={t} />
    </section>
  );
}

export const ClientsPage = withQueryScope(ClientsView);
export default ClientsPage;
