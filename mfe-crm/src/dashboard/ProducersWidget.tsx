// Dashboard widget of a sales agent: the producers they represent (their agent memberships), each with a link to its
// shop page. Declared in ../routes.ts `widgets`, rendered by the shell on /dashboard.
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Flex, Skeleton, Typography } from 'antd';
import type { PublicShop } from 'shared-kernel/contracts';
import { BUSINESS_TYPES, refLabel } from 'shared-kernel/domain';
import { createQueryKeys, defineTexts, retryUnlessClientError, useQueryKeys } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { api, useSession } from 'shared-kernel/runtime';

const { useTexts } = defineTexts('crm.dashboard', {
  fr: { empty: 'Vous ne représentez encore aucun producteur.', find: 'Trouver des producteurs', unavailable: 'Boutique indisponible' },
  en: { empty: 'You do not represent any producer yet.', find: 'Find producers', unavailable: 'Shop unavailable' },
});

export const producerKeys = createQueryKeys('crm', 'producers');

export default function ProducersWidget() {
  const t = useTexts();
  const memberships = useSession((s) => s.user?.shops);
  const shopIds = useMemo(() => (memberships ?? []).map((m) => m.id), [memberships]);
  const keys = useQueryKeys(producerKeys);
  const shops = useQueries({
    queries: shopIds.map((id) => ({
      queryKey: keys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<PublicShop>(`/shops/${id}`, { silent: true, signal }),
      retry: retryUnlessClientError(),
    })),
  });
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
            <Flex vertical>
              <Link to={`/${q.data.urlShop}`}>{q.data.name}</Link>
              <Typography.Text type="secondary">{refLabel(BUSINESS_TYPES, q.data.businessType as never)}</Typography.Text>
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t.unavailable}</Typography.Text>
          )}
        </li>
      ))}
    </ul>
  );
}
