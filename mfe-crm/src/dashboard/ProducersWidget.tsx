// Dashboard widget of a sales agent: the producers they represent (their agent memberships), each with a link to its
// shop page. An agent of several producers chooses here the one they work for: their orders, clients and articles are
// that producer's (the api client sends it as SHOP_HEADER) until they choose another. Declared in ../routes.ts
// `widgets`, rendered by the shell on /dashboard.
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Skeleton, Tag, Typography } from 'antd';
import { BUSINESS_TYPES, refLabel } from 'shared-kernel/domain';
import { defineTexts } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { useSession } from 'shared-kernel/runtime';
import { useProducerShops } from './producers.queries';

const { useTexts } = defineTexts('crm.dashboard', {
  fr: {
    empty: 'Vous ne représentez encore aucun producteur.',
    find: 'Trouver des producteurs',
    unavailable: 'Boutique indisponible',
    acting: 'Producteur actif',
    actFor: 'Travailler pour ce producteur',
  },
  en: {
    empty: 'You do not represent any producer yet.',
    find: 'Find producers',
    unavailable: 'Shop unavailable',
    acting: 'Current producer',
    actFor: 'Work for this producer',
  },
});

export default function ProducersWidget() {
  const t = useTexts();
  const memberships = useSession((s) => s.user?.shops);
  const actingShopId = useSession((s) => s.actingShopId);
  const setActingShop = useSession((s) => s.setActingShop);
  const queryClient = useQueryClient();
  const shopIds = useMemo(() => (memberships ?? []).map((m) => m.id), [memberships]);
  // the api's default is the first producer: so is the screen's
  const acting = actingShopId != null && shopIds.includes(actingShopId) ? actingShopId : shopIds[0];
  const actFor = (id: number) => {
    setActingShop(id);
    // every list and form read so far was another producer's
    void queryClient.invalidateQueries();
  };
  const shops = useProducerShops(shopIds);
  if (shopIds.length === 0) {
    return (
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t.empty}</Typography.Text>
        <Link to="/shops">{t.find}</Link>
      </Flex>
    );
  }
  return (
    <ul aria-label="Producteurs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {shops.map((q, i) => (
        <li key={shopIds[i]} style={{ padding: '6px 0' }}>
          {q.isPending ? (
            <Skeleton active title={false} paragraph={{ rows: 1 }} />
          ) : q.data ? (
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Flex vertical>
                <Link to={`/${q.data.urlShop}`}>{q.data.name}</Link>
                <Typography.Text type="secondary">{refLabel(BUSINESS_TYPES, q.data.businessType as never)}</Typography.Text>
              </Flex>
              {shopIds.length > 1 &&
                (shopIds[i] === acting ? (
                  <Tag color="green">{t.acting}</Tag>
                ) : (
                  <Button size="small" onClick={() => actFor(shopIds[i])} aria-label={`${t.actFor} : ${q.data.name}`}>
                    {t.actFor}
                  </Button>
                ))}
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t.unavailable}</Typography.Text>
          )}
        </li>
      ))}
    </ul>
  );
}
