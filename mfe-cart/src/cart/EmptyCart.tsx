import { Button } from 'antd';
import ShoppingCartOutlined from '@ant-design/icons/es/icons/ShoppingCartOutlined';
import { TEXTS } from './view';

/** The empty state of the drawer and of /cart: says so and leads to the producers. */
export function EmptyCart({ onBrowse, primary = false }: { onBrowse: () => void; primary?: boolean }) {
  return (
    <div className="wz-cart-empty" data-testid="cart-empty">
      <div className="wz-cart-empty__icon">
        <ShoppingCartOutlined aria-hidden />
      </div>
      <p>
        <strong>{TEXTS.empty}</strong>
      </p>
      <p>{TEXTS.emptyHint}</p>
      <Button type={primary ? 'primary' : 'default'} onClick={onBrowse}>
        {TEXTS.seeProducers}
      </Button>
    </div>
  );
}
