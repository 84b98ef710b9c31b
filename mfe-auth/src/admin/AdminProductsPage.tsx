// /admin/products — superAdmin: a search across every shop's products (name, shop), type / status (header filters)
// and shop in the URL; GET /v1/admin/products.
import { useMemo } from 'react';
import { Tag } from 'antd';
import { ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { productColumns } from './console.columns';
import { adminProductsList } from './console.filters';
import { useAdminProducts } from './console.queries';
import { useTexts } from './console.texts';
import { ConsolePage } from './ConsolePage';

export default withQueryScope(function AdminProductsPage() {
  const t = useTexts();
  const list = useUrlListState(adminProductsList);
  const query = useAdminProducts(list.apiQuery);
  const columns = useMemo(() => productColumns(t), [t]);
  const { shopId } = list.state.filters;
  return (
    <ConsolePage title={t.products}>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={t.products}
        search
        scrollX={800}
        toolbar={
          shopId !== undefined && (
            <Tag closable onClose={() => list.setFilter('shopId', undefined)}>
              {t.shopFilter(shopId)}
            </Tag>
          )
        }
        texts={{
          empty: t.productsEmpty,
          emptyFiltered: t.productsEmptyFiltered,
          total: t.productsTotal,
          searchLabel: t.productsSearch,
          searchPlaceholder: t.productsPlaceholder,
        }}
      />
    </ConsolePage>
  );
});
