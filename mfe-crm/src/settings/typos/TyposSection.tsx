// /dashboard/settings?link=typos: the shop's client typologies (§3: name, public, TTC or HT, global discount, allRulesInEq75).
import { useState } from 'react';
import { Alert, Button, Card, Drawer, Empty, Popconfirm, Skeleton, Space, Tag } from 'antd';
import type { TariffTypologyUsage } from 'shared-kernel/contracts';
import { errorMessage, withQueryScope } from 'shared-kernel/kit';
import { notify, useLayoutMode, useSession } from 'shared-kernel/runtime';
import { TypologyForm } from './TypologyForm';
import { useDeleteTypology, useTypologies } from './typos.queries';
import { useTexts } from './texts';

export const TyposSection = withQueryScope(function TyposSection() {
  const t = useTexts();
  const query = useTypologies();
  const remove = useDeleteTypology();
  const isOwner = useSession((s) => s.user?.role === 'owner');
  const phone = useLayoutMode() === 'mobile';
  const [editing, setEditing] = useState<TariffTypologyUsage | 'new' | null>(null);

  const del = async (ty: TariffTypologyUsage) => {
    try {
      const r = await remove.mutateAsync(ty.id);
      notify.success(r.message);
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };

  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <p style={{ margin: 0, color: '#555' }}>{t.intro}</p>
      {!isOwner && <Alert type="info" showIcon title={t.ownerOnly} />}
      {isOwner && (
        <div>
          <Button type="primary" onClick={() => setEditing('new')}>
            {t.add}
          </Button>
        </div>
      )}
      {query.isPending && <Skeleton active />}
      {query.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(query.error, t.loadError)}
          action={<Button onClick={() => void query.refetch()}>{t.retry}</Button>}
        />
      )}
      {query.data && query.data.length === 0 && <Empty description={t.empty} />}
      {query.data && query.data.length > 0 && (
        <ul aria-label={t.list} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {query.data.map((ty) => (
            <li key={ty.id}>
              <Card size="small" title={ty.name}>
                <Space wrap>
                  {ty.public && <Tag color="green">{t.publicTag}</Tag>}
                  <Tag>{ty.ttc ? t.ttcTag : t.htTag}</Tag>
                  {ty.globalDiscount > 0 && <Tag color="orange">{t.discountTag(ty.globalDiscount)}</Tag>}
                  {ty.allRulesInEq75 && <Tag>{t.eq75Tag}</Tag>}
                  <span style={{ color: '#666' }}>{t.usage(ty.clients, ty.prices)}</span>
                </Space>
                {isOwner && (
                  <Space style={{ marginTop: 8, display: 'flex' }}>
                    <Button aria-label={`${t.edit} ${ty.name}`} onClick={() => setEditing(ty)}>
                      {t.edit}
                    </Button>
                    <Popconfirm title={t.removeConfirm(ty.name)} okText={t.yes} cancelText={t.no} onConfirm={() => del(ty)}>
                      <Button danger aria-label={`${t.remove} ${ty.name}`}>
                        {t.remove}
                      </Button>
                    </Popconfirm>
                  </Space>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t.addTitle : editing ? t.editTitle(editing.name) : ''}
        size={phone ? '100%' : 420}
        destroyOnHidden
      >
        {editing !== null && <TypologyForm typology={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Drawer>
    </div>
  );
});
