import { Button } from 'antd';
import ShoppingCartOutlined from '@ant-design/icons/es/icons/ShoppingCartOutlined';
import { useTexts } from '../texts';

/** The empty state of the drawer and of /cart: says so and leads to the producers. */
export function EmptyCart({ onBrowse, primary = false }: { onBrowse: () => void; primary?: boolean }) {
  const t = useTexts().cart;
  return (
    <div className="wz-cart-empty" data-testid="cart-empty">
      <div className="wz-cart-empty__icon">
        <ShoppingCartOutlined aria-hidden />
      </div>
      <p>
        <strong>{t.empty}</strong>
      </p>
      <p>{t.emptyHint}</p>
      <Button type={primary ? 'primary' : 'default'} onClick={onBrowse}>
        {t.seeProducers}
      </Button>
    </div>
  );
}
