import { act, render, screen, waitFor } from '@testing-library/react';
import type { CartDrawerWidgetProps, RemoteModule } from 'shared-kernel/contracts';
import { bus, useSnackbars } from 'shared-kernel/runtime';
import { Providers } from '../app/App';
import { CartDrawerHost, CART_REMOTE } from './CartDrawerHost';
import { RemoteModuleCache } from './module-cache';

function FakeDrawer({ open, onClose }: CartDrawerWidgetProps) {
  return open ? (
    <div role="dialog" aria-label="Mon panier">
      <button type="button" onClick={onClose}>
        Fermer
      </button>
    </div>
  ) : null;
}

function mount(loader: (remote: string) => Promise<unknown>) {
  const modules = new RemoteModuleCache(loader);
  render(
    <Providers shell={{ routes: [], widgets: [], modules, reserved: new Set() }}>
      <CartDrawerHost />
    </Providers>,
  );
  return modules;
}

beforeEach(() => useSnackbars.getState().clear());

describe('CartDrawerHost', () => {
  it("loads mfe_cart on 'cart:open' and renders its cartDrawer widget, closes it", async () => {
    const mod: RemoteModule = { name: 'mfe-cart', pages: {}, widgets: { cartDrawer: FakeDrawer } };
    const loader = jest.fn(async () => mod);
    mount(loader);
    expect(screen.queryByRole('dialog', { name: 'Mon panier' })).toBeNull();
    act(() => bus.emit('cart:open'));
    expect(await screen.findByRole('dialog', { name: 'Mon panier' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith(CART_REMOTE);
    act(() => screen.getByRole('button', { name: 'Fermer' }).click());
    expect(screen.queryByRole('dialog', { name: 'Mon panier' })).toBeNull();
  });

  it("shows 'Module indisponible' when the remote cannot load", async () => {
    mount(async () => {
      throw new Error('RUNTIME-008');
    });
    act(() => bus.emit('cart:open'));
    await waitFor(() => expect(useSnackbars.getState().items.map((i) => i.text)).toContain('Module indisponible'));
    expect(screen.queryByTestId('cart-drawer-loading')).toBeNull();
  });
});
