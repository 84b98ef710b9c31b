// /dashboard/products/add (owner, iam with createProduct): a new product of any type, with its vintages and formats.
import { Flex, Typography } from 'antd';
import { LinkButton, withQueryScope } from 'shared-kernel/kit';
import { useLayoutMode, useSession } from 'shared-kernel/runtime';
import { useTexts } from '../texts';
import { ProductForm } from './ProductForm';

export default withQueryScope(function ProductAddPage() {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const shop = useSession((s) => s.shop);
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
      <ProductForm typologies={typologies} />
    </Flex>
  );
});
