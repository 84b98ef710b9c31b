import { Drawer, Spin } from 'antd';

/** The drawer shown while mfe-cart's drawer loads (its own chunk: antd only when the cart opens). */
export default function CartDrawerLoading({ open, onClose, mobile }: { open: boolean; onClose: () => void; mobile: boolean }) {
  return (
    <Drawer open={open} onClose={onClose} size={mobile ? '100%' : 400} title="Mon panier">
      <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }} data-testid="cart-drawer-loading">
        <Spin aria-label="Chargement" />
      </div>
    </Drawer>
  );
}
