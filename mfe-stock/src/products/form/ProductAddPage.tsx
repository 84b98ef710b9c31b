// /dashboard/products/add (owner, iam with createProduct): a new product of any type, with its vintages and formats.
// It starts from the shop's product defaults (Settings › Produits: VAT, format, visible prices).
// Once saved, a product that holds stock goes on to « Ajouter du stock » (when the viewer may record stock), so that it
// is not left « Rupture de stock » in the shop; otherwise it opens as before.
import { useState } from 'react';
import { Flex, Skeleton, Typography } from 'antd';
import type { ProductAdminDetail } from 'shared-kernel/contracts';
import { currentShopId, hasPermission, shopModuleActive } from 'shared-kernel/domain';
import { LinkButton, withQueryScope } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { useLayoutMode, useSession } from 'shared-kernel/runtime';
import { useProductDefaults } from '../products.queries';
import { useTexts } from '../texts';
import { holdsStock, InitialStockStep } from './InitialStockStep';
import { ProductForm } from './ProductForm';

/** The stocks module is on and the viewer may record movements (§6 seeAllStock). */
function useCanRecordStock(): boolean {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  return !!user && shopModuleActive(shop, 'stocks') && hasPermission(user, currentShopId(user, shop), 'seeAllStock');
}

export default withQueryScope(function ProductAddPage() {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const shop = useSession((s) => s.shop);
  const navigate = useNavigate();
  const canRecordStock = useCanRecordStock();
  const [created, setCreated] = useState<ProductAdminDetail | null>(null);
  const defaults = useProductDefaults();
  const typologies = (shop?.typologies ?? [{ id: 'particulier', name: 'Particulier', ttc: true, public: true }]).map((x) => ({
    id: x.id,
    name: x.name,
    ttc: x.ttc !== false,
  }));
  return (
    <Flex component="section" vertical gap={12} style={{ padding: mobile ? 12 : 16, minWidth: 0 }}>
      <LinkButton type="link" to="/dashboard/products" style={{ alignSelf: 'flex-start', paddingInline: 0 }}>
        {t.back}
      </LinkButton>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t.addTitle}
      </Typography.Title>
      {created ? (
        <InitialStockStep product={created} />
      ) : defaults.isPending ? (
        <Skeleton active />
      ) : (
        <ProductForm
          typologies={typologies}
          // without the defaults (an error), the form starts from the built-in ones: 75 cl bottle, standard VAT
          defaults={defaults.data ?? null}
          onCreated={(saved) => {
            if (canRecordStock && holdsStock(saved) && saved.formats.length) setCreated(saved);
            else navigate(`/dashboard/products/${saved.id}`);
          }}
        />
      )}
    </Flex>
  );
});
