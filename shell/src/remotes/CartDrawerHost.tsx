import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { CartDrawerWidgetProps } from 'shared-kernel/contracts';
import { bus, notify, startCartSync, useLayoutMode } from 'shared-kernel/runtime';
import { useShell } from '../app/shell-context';
import { AntdScope } from '../app/AntdScope';

const CartDrawerLoading = lazy(() => import('./CartDrawerLoading'));

/** MF name of the remote that lends the cart drawer. */
export const CART_REMOTE = 'mfe_cart';

/**
 * Owns the cart drawer's open state: bus 'cart:open' (header badge) loads mfe_cart's module and
 * renders its `widgets.cartDrawer`; 'Module indisponible' when it cannot load. Also starts the
 * cart's server sync (debounced saves, server cart after login).
 */
export function CartDrawerHost() {
  const { modules } = useShell();
  const mode = useLayoutMode();
  const [open, setOpen] = useState(false);
  const [Widget, setWidget] = useState<ComponentType<CartDrawerWidgetProps> | null>(null);

  useEffect(() => startCartSync(), []);

  useEffect(
    () =>
      bus.on('cart:open', () => {
        setOpen(true); // the loading drawer shows at once
        modules.load(CART_REMOTE).then(
          (mod) => {
            const w = mod.widgets?.cartDrawer as ComponentType<CartDrawerWidgetProps> | undefined;
            if (!w) {
              setOpen(false);
              notify.error('Module indisponible');
              return;
            }
            setWidget(() => w);
          },
          () => {
            setOpen(false);
            modules.invalidate(CART_REMOTE);
            notify.error('Module indisponible');
          },
        );
      }),
    [modules],
  );

  const close = () => setOpen(false);
  const loading = <CartDrawerLoading open={open} onClose={close} mobile={mode === 'mobile'} />;
  if (!Widget && !open) return null;
  return (
    <AntdScope>
      <Suspense fallback={loading}>{Widget ? <Widget open={open} onClose={close} /> : loading}</Suspense>
    </AntdScope>
  );
}
