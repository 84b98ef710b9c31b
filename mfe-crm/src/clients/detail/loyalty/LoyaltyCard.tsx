// « Fidélité » card of the client file (§3 Loyalty): the balance, the level reached and what the next one
// needs, points earned / spent, the points history, and « Ajuster les points » for the owner and iam with
// createClient (never an agent, who may read the card). Without an active programme: « Aucun programme de fidélité
// actif » and a link to the settings (promotions), with the balance when the client still holds points.
import { Alert, Button, Empty, Progress, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { LOYALTY_SOURCE_LABELS, loyaltyOfferLabel, type LoyaltyAccount, type LoyaltyLedgerEntry } from 'shared-kernel/contracts';
import { formatDate } from 'shared-kernel/domain';
import { useLanguage } from 'shared-kernel/i18n';
import { DetailSection, EditDrawer, errorMessage, LinkButton, useEditDrawer } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { useLayoutMode } from 'shared-kernel/runtime';
import { LoyaltyAdjustForm } from './LoyaltyAdjustForm';
import { useClientLoyalty } from './loyalty.queries';
import { useTexts } from './texts';
import { useLoyaltyAccess } from './use-loyalty-access';

/** Darker than antd's success/error colours: readable on white (the sign says it too). */
const GAIN = '#237804';
const LOSS = '#a8071a';
const MUTED = 'var(--ant-color-text-description, #595959)';
const dl = { margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' } as const;
const dd = { margin: 0 } as const;

type Lang = 'fr' | 'en';

function SignedPoints({ points, lang }: { points: number; lang: Lang }) {
  const sign = points > 0 ? '+' : points < 0 ? '−' : '';
  const value = Math.abs(points).toLocaleString(lang === 'en' ? 'en-GB' : 'fr-FR');
  return (
    <span
      className="wz-loyalty-points"
      style={{ color: points > 0 ? GAIN : points < 0 ? LOSS : undefined, fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      {sign}
      {value}
    </span>
  );
}

function EntryLabel({ entry, lang }: { entry: LoyaltyLedgerEntry; lang: Lang }) {
  const label = LOYALTY_SOURCE_LABELS[entry.source]?.[lang] ?? entry.source;
  const ref = entry.ref ?? (entry.orderId ? `#${entry.orderId}` : null);
  return (
    <>
      {label}
      {ref && (
        <>
          {' · '}
          {entry.orderId ? <Link to={`/dashboard/orders/${entry.orderId}`}>{ref}</Link> : ref}
        </>
      )}
    </>
  );
}

function History({ entries }: { entries: LoyaltyLedgerEntry[] }) {
  const t = useTexts();
  const lang: Lang = useLanguage() === 'en' ? 'en' : 'fr';
  const mobile = useLayoutMode() === 'mobile';
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noHistory} style={{ margin: '8px 0' }} />;
  if (mobile)
    return (
      <ul aria-label={t.history} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {entries.map((e) => (
          <li key={e.id} style={{ padding: 8, border: '1px solid #e5e5e5', borderRadius: 8, minWidth: 0 }}>
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <span>{formatDate(e.at)}</span>
              <SignedPoints points={e.points} lang={lang} />
            </div>
            <div style={{ overflowWrap: 'anywhere' }}>
              <EntryLabel entry={e} lang={lang} />
            </div>
            {e.note && <div style={{ color: MUTED, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{e.note}</div>}
          </li>
        ))}
      </ul>
    );
  const columns: TableColumnsType<LoyaltyLedgerEntry> = [
    { key: 'at', title: t.date, dataIndex: 'at', width: 110, render: (at: string) => formatDate(at) },
    { key: 'label', title: t.label, render: (_: unknown, e) => <EntryLabel entry={e} lang={lang} /> },
    {
      key: 'points',
      title: t.pointsColumn,
      dataIndex: 'points',
      align: 'right',
      width: 90,
      render: (points: number) => <SignedPoints points={points} lang={lang} />,
    },
    {
      key: 'note',
      title: t.note,
      dataIndex: 'note',
      render: (note: string | null) => (note ? <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note}</span> : '—'),
    },
  ];
  return (
    <Table<LoyaltyLedgerEntry>
      aria-label={t.history}
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={entries}
      scroll={{ x: 560 }}
      pagination={entries.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false, hideOnSinglePage: true } : false}
    />
  );
}

function Standing({ account }: { account: LoyaltyAccount }) {
  const t = useTexts();
  const lang: Lang = useLanguage() === 'en' ? 'en' : 'fr';
  const { level, next } = account;
  const levelOffers = level ? (account.program.levels[level.index]?.offers ?? []) : [];
  const from = level?.threshold ?? 0;
  const percent = next
    ? Math.max(0, Math.min(100, Math.floor(((account.balance - from) / Math.max(1, next.threshold - from)) * 100)))
    : 100;
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 12 }}>
        <div>
          <div style={{ color: MUTED }}>{t.balance}</div>
          <div className="wz-loyalty-balance" style={{ fontSize: 28, fontWeight: 600, lineHeight: 1.2 }}>
            {t.points(account.balance)}
          </div>
        </div>
        <div>
          <div style={{ color: MUTED }}>{t.level}</div>
          {level ? (
            <Tag color="gold" style={{ fontSize: 14, padding: '2px 8px', marginInlineEnd: 0 }}>
              {level.name}
            </Tag>
          ) : (
            <Tag style={{ marginInlineEnd: 0 }}>{t.noLevel}</Tag>
          )}
        </div>
      </div>
      <div>
        <div>{next ? t.needed(next.needed, next.name) : level ? t.topLevel : null}</div>
        {next && <Progress percent={percent} showInfo={false} aria-label={t.progress(next.name)} />}
      </div>
      {levelOffers.length > 0 && (
        <div>
          <span style={{ color: MUTED }}>{t.offers} : </span>
          {levelOffers.map((o) => loyaltyOfferLabel(o, lang)).join(' · ')}
        </div>
      )}
      <dl style={dl}>
        <dt style={{ color: MUTED }}>{t.total}</dt>
        <dd style={dd}>{t.points(account.total)}</dd>
        <dt style={{ color: MUTED }}>{t.spent}</dt>
        <dd style={dd}>{t.points(account.spent)}</dd>
      </dl>
    </div>
  );
}

function Inactive({ account, configure }: { account: LoyaltyAccount; configure: boolean }) {
  const t = useTexts();
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <Alert
        type="info"
        showIcon
        title={t.inactive}
        description={
          <>
            <div>{t.inactiveHelp}</div>
            {configure && (
              <LinkButton type="link" to="/dashboard/settings?link=promotions" style={{ padding: 0 }}>
                {t.configure}
              </LinkButton>
            )}
          </>
        }
      />
      {account.balance !== 0 && (
        <div>
          <span style={{ color: MUTED }}>{t.balance} : </span>
          <strong>{t.points(account.balance)}</strong>
        </div>
      )}
    </div>
  );
}

/** The « Fidélité » card; `readOnly` (an erased client) hides the adjustment. */
export function LoyaltyCard({ clientId, readOnly = false }: { clientId: number; readOnly?: boolean }) {
  const t = useTexts();
  const query = useClientLoyalty(clientId);
  const access = useLoyaltyAccess();
  const adjust = useEditDrawer();
  const account = query.data;
  const canAdjust = access.adjust && !readOnly && !!account?.program.active;

  let body;
  if (query.isPending) {
    body = (
      <div role="status" aria-busy="true" aria-label={t.loading}>
        <Skeleton active title={{ width: 160 }} paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (query.isError || !account) {
    body = (
      <Alert
        type="error"
        showIcon
        title={errorMessage(query.error, t.loadError)}
        action={
          <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t.retry}
          </Button>
        }
      />
    );
  } else {
    const active = account.program.active;
    body = (
      <div style={{ display: 'grid', gap: 16 }}>
        {active ? <Standing account={account} /> : <Inactive account={account} configure={access.configure} />}
        {(active || account.history.length > 0) && (
          <div style={{ display: 'grid', gap: 8, minWidth: 0 }}>
            <h3 style={{ margin: 0, fontSize: 14 }}>{t.history}</h3>
            <History entries={account.history} />
          </div>
        )}
      </div>
    );
  }

  return (
    <DetailSection
      title={t.title}
      extra={
        canAdjust ? (
          <Button onClick={() => adjust.open()} aria-haspopup="dialog">
            {t.adjust}
          </Button>
        ) : undefined
      }
    >
      {body}
      {account && canAdjust && (
        <EditDrawer {...adjust.props} title={t.adjustTitle} width={420}>
          <LoyaltyAdjustForm clientId={clientId} balance={account.balance} onDone={adjust.close} />
        </EditDrawer>
      )}
    </DetailSection>
  );
}
