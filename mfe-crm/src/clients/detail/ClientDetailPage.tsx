// /dashboard/clients/:id — the client file, in tabs (?tab=…): Fiche (identity, addresses, the « Fidélité » card),
// Interactions (timeline and its 'Ajouter une interaction' form), Commandes, Devis, Factures (with the
// client's balance) and Règlements (each shown to whom the api lets read it); the side column: agent, buyer
// account, consent, contacts, custom fields, notes. Actions Modifier, Convertir (prospects), Nouvelle commande,
// Nouveau devis, Nouvelle tâche (the task drawer on the file, the client chosen), Exporter ses données (RGPD art. 15/20),
// Effacer (RGPD art. 17).
import { useState, type ReactNode } from 'react';
import { Button, Empty, Tabs, Tag, Timeline } from 'antd';
import { CIVILITIES } from 'shared-kernel/domain';
import { CRM_INTERACTION_LABELS, type CrmClientDetail } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import {
  DetailLayout,
  DetailSection,
  EditDrawer,
  LinkButton,
  QueryBoundary,
  useEditDrawer,
  useIdParam,
  withQueryScope,
  useAction,
} from 'shared-kernel/kit';
import { useLocation, useSearchParams } from 'shared-kernel/router';
import { useSession } from 'shared-kernel/runtime';
import { StatusTag } from 'shared-kernel/ui';
import { TaskDrawer, type TaskDrawerTarget } from '../../tasks/TaskDrawer';
import { ClientForm } from '../form/ClientForm';
import { exportClientData, useConvertClient, useCrmClient, useEraseClient } from '../crm.queries';
import { useTexts } from '../file/texts';
import { InteractionForm } from './InteractionForm';
import { LoyaltyCard } from './loyalty/LoyaltyCard';
import { ClientInvoicesTab } from './sales/ClientInvoicesTab';
import { ClientOrdersTab } from './sales/ClientOrdersTab';
import { ClientPaymentsTab } from './sales/ClientPaymentsTab';
import { useTexts as useSalesTexts } from './sales/texts';
import { useSalesAccess } from './sales/use-sales-access';

const dl = { margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' } as const;
const dd = { margin: 0, overflowWrap: 'anywhere' } as const;
const list = { margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 8 } as const;
const civilityLabel = (v: string | null) => CIVILITIES.find((c) => c.value === v)?.label ?? '';

function Identity({ c }: { c: CrmClientDetail }) {
  const t = useTexts();
  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt>{label}</dt>
      <dd style={dd}>{value || t.none}</dd>
    </>
  );
  return (
    <dl style={dl}>
      {row(t.code, c.code)}
      {row(t.kind, t.kinds[c.kind])}
      {row(t.name, [civilityLabel(c.civility), c.firstname, c.lastname].filter(Boolean).join(' '))}
      {row(t.company, c.company)}
      {row(t.siret, c.siret && `${c.siren} ${c.nic}`)}
      {row(t.vatNumber, c.vatNumber)}
      {row(t.email, c.email && <a href={`mailto:${c.email}`}>{c.email}</a>)}
      {row(t.mobile, c.mobile && <a href={`tel:${c.mobile.replace(/\s/g, '')}`}>{c.mobile}</a>)}
      {row(t.phone, c.phone && <a href={`tel:${c.phone.replace(/\s/g, '')}`}>{c.phone}</a>)}
      {row(t.typology, c.typologyName)}
      {row(t.department, c.department)}
    </dl>
  );
}

function Addresses({ c }: { c: CrmClientDetail }) {
  const t = useTexts();
  if (!c.addresses.length) return <>{t.none}</>;
  return (
    <ul style={list}>
      {c.addresses.map((a, i) => (
        <li key={i}>
          <Tag>{t.addressKinds[a.kind]}</Tag>
          {a.isDefault && <Tag color="blue">{t.isDefault}</Tag>}
          {a.mountain && <Tag color="green">{t.mountain}</Tag>}
          <div>{a.name}</div>
          <div>{[a.streetNumber, a.street].filter(Boolean).join(' ')}</div>
          {a.street2 && <div>{a.street2}</div>}
          <div>{[a.zipcode, a.city, a.country].filter(Boolean).join(' ')}</div>
          {a.exciseNumber && (
            <div>
              {t.exciseNumber} : {a.exciseNumber}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function Actions({ c, onEdit, onNewTask }: { c: CrmClientDetail; onEdit: () => void; onNewTask: () => void }) {
  const t = useTexts();
  const s$ = useSalesTexts();
  const access = useSalesAccess();
  const role = useSession((s) => s.user?.role);
  const staff = role === 'owner' || role === 'iam';
  const convert = useConvertClient();
  const erase = useEraseClient();
  const erased = c.status === 'erased';
  const conversion = useAction({ run: () => convert.mutateAsync({ id: c.id, kind: 'professional' }), success: t.converted });
  const exporting = useAction({ run: () => exportClientData(c), success: t.exported });
  const erasing = useAction({
    run: () => erase.mutateAsync(c.id),
    confirm: { title: t.eraseTitle, content: t.eraseText, okText: t.erase },
    success: t.erased,
  });
  return (
    <>
      {!erased && <Button onClick={onEdit}>{t.edit}</Button>}
      {c.kind === 'prospect' && !erased && (
        <Button type="primary" loading={conversion.pending} onClick={() => void conversion.run()}>
          {t.convert}
        </Button>
      )}
      {!erased && access.createOrder && <LinkButton to={`/dashboard/orders/add?clientId=${c.id}`}>{s$.newOrder}</LinkButton>}
      {!erased && access.createQuote && <LinkButton to={`/dashboard/orders/add?subType=quote&clientId=${c.id}`}>{s$.newQuote}</LinkButton>}
      {!erased && <Button onClick={onNewTask}>{t.newTask}</Button>}
      <Button onClick={() => void exporting.run()}>{t.exportData}</Button>
      {staff && !erased && (
        <Button danger onClick={() => void erasing.run()}>
          {t.erase}
        </Button>
      )}
    </>
  );
}

function Interactions({ c }: { c: CrmClientDetail }) {
  const t = useTexts();
  return (
    <DetailSection title={t.timeline}>
      {c.status !== 'erased' && <InteractionForm clientId={c.id} />}
      {c.interactions.length ? (
        <Timeline
          style={{ marginTop: 16 }}
          items={c.interactions.map((i) => ({
            key: i.id,
            content: (
              <div>
                <strong>{CRM_INTERACTION_LABELS[i.kind]}</strong> · {formatDate(i.occurredAt, { withTime: true })}
                {i.userName ? ` · ${i.userName}` : ''}
                {i.content && <div style={{ whiteSpace: 'pre-wrap' }}>{i.content}</div>}
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noInteraction} />
      )}
    </DetailSection>
  );
}

/** The orders of the linked buyer carried by the client file: what a user without the orders list right still sees. */
function BuyerOrders({ c }: { c: CrmClientDetail }) {
  const t = useTexts();
  return (
    <>
      {!c.buyer && !c.orders.length ? (
        <p style={{ margin: 0 }}>{t.noBuyer}</p>
      ) : c.orders.length ? (
        <ul style={list}>
          {c.orders.map((o) => (
            <li key={o.id} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
              <LinkButton type="link" to={`/dashboard/orders/${o.id}`} style={{ padding: 0 }}>
                {o.number}
              </LinkButton>
              <StatusTag kind="order" status={o.status} />
              <span>{formatDate(o.createdAt)}</span>
              <span style={{ marginInlineStart: 'auto' }}>{formatCents(o.totalTTC)} TTC</span>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noOrders} />
      )}
    </>
  );
}

type TabKey = 'file' | 'interactions' | 'orders' | 'quotes' | 'invoices' | 'payments';

/** The tabs of the file; the open one is in the URL (`?tab=invoices`), a tab change starts its list on page 1. */
function ClientTabs({ c }: { c: CrmClientDetail }) {
  const t = useTexts();
  const s$ = useSalesTexts();
  const access = useSalesAccess();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const tabs: { key: TabKey; label: string; children: ReactNode }[] = [
    {
      key: 'file',
      label: s$.tabs.file,
      children: (
        <div style={{ display: 'grid', gap: 16 }}>
          <DetailSection title={t.identity}>
            <Identity c={c} />
          </DetailSection>
          <DetailSection title={t.addresses}>
            <Addresses c={c} />
          </DetailSection>
          <LoyaltyCard clientId={c.id} readOnly={c.status === 'erased'} />
        </div>
      ),
    },
    { key: 'interactions', label: s$.tabs.interactions, children: <Interactions c={c} /> },
    {
      key: 'orders',
      label: s$.tabs.orders,
      children: access.ordersAs ? <ClientOrdersTab clientId={c.id} as={access.ordersAs} /> : <BuyerOrders c={c} />,
    },
  ];
  if (access.ordersAs)
    tabs.push({ key: 'quotes', label: s$.tabs.quotes, children: <ClientOrdersTab clientId={c.id} as={access.ordersAs} quotes /> });
  if (access.invoices)
    tabs.push({ key: 'invoices', label: s$.tabs.invoices, children: <ClientInvoicesTab clientId={c.id} showCredit={access.payments} /> });
  if (access.payments) tabs.push({ key: 'payments', label: s$.tabs.payments, children: <ClientPaymentsTab clientId={c.id} /> });
  const asked = params.get('tab');
  const active = tabs.find((tab) => tab.key === asked)?.key ?? 'file';
  return (
    <Tabs
      aria-label={s$.tabsLabel}
      activeKey={active}
      items={tabs}
      // keep the location state: the back link to the clients list keeps its filters
      onChange={(key) => setParams(key === 'file' ? {} : { tab: key }, { state: location.state })}
    />
  );
}

export default withQueryScope(function ClientDetailPage() {
  const t = useTexts();
  const id = useIdParam();
  const query = useCrmClient(id);
  const edit = useEditDrawer();
  const [task, setTask] = useState<TaskDrawerTarget>(null);
  return (
    <QueryBoundary query={query} missing={id === null} notFound={{ backTo: '/dashboard/clients', backLabel: t.back, title: t.notFound }}>
      {(c) => (
        <DetailLayout
          title={c.name}
          backTo="/dashboard/clients"
          backLabel={t.back}
          meta={
            <>
              <Tag>{t.kinds[c.kind]}</Tag>
              {c.status !== 'active' && <Tag color={c.status === 'erased' ? 'red' : 'default'}>{t.statuses[c.status]}</Tag>}
              {c.tags.map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </>
          }
          actions={
            <Actions c={c} onEdit={() => edit.open()} onNewTask={() => setTask({ kind: 'new', clientId: c.id, clientName: c.name })} />
          }
          side={
            <>
              <DetailSection title={t.agent}>{c.agentName ?? t.none}</DetailSection>
              <DetailSection title={t.buyer}>{c.buyer ? `${c.buyer.name} · ${c.buyer.email}` : t.none}</DetailSection>
              <DetailSection title={t.consent}>
                {c.marketingConsent ? t.consentYes(formatDate(c.marketingConsentAt ?? c.updatedAt)) : t.consentNo}
              </DetailSection>
              <DetailSection title={t.contacts}>
                {c.contacts.length ? (
                  <ul style={list}>
                    {c.contacts.map((k, i) => (
                      <li key={i}>
                        <strong>{[civilityLabel(k.civility), k.firstname, k.lastname].filter(Boolean).join(' ')}</strong>
                        {k.role ? ` · ${k.role}` : ''}
                        {k.email && (
                          <div>
                            <a href={`mailto:${k.email}`}>{k.email}</a>
                          </div>
                        )}
                        {k.phone && <div>{k.phone}</div>}
                      </li>
                    ))}
                  </ul>
                ) : (
                  t.none
                )}
              </DetailSection>
              {(c.custom.pipe || c.custom.family || c.custom.family2 || c.custom.custom || c.custom.custom2) && (
                <DetailSection title={t.customFields}>
                  <dl style={dl}>
                    {(
                      [
                        [t.pipe, c.custom.pipe],
                        [t.family, c.custom.family],
                        [t.family2, c.custom.family2],
                        [t.custom, c.custom.custom],
                        [t.custom2, c.custom.custom2],
                      ] as const
                    )
                      .filter(([, v]) => v)
                      .map(([label, v]) => (
                        <div key={label} style={{ display: 'contents' }}>
                          <dt>{label}</dt>
                          <dd style={dd}>{v}</dd>
                        </div>
                      ))}
                  </dl>
                </DetailSection>
              )}
              {c.notes && (
                <DetailSection title={t.notes}>
                  <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{c.notes}</p>
                </DetailSection>
              )}
            </>
          }
        >
          <ClientTabs c={c} />
          <EditDrawer {...edit.props} title={t.editTitle}>
            <ClientForm client={c} onDone={edit.close} />
          </EditDrawer>
          <TaskDrawer target={task} onClose={() => setTask(null)} />
        </DetailLayout>
      )}
    </QueryBoundary>
  );
});
