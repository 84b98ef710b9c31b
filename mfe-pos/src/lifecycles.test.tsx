import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { initI18n } from 'shared-kernel/i18n';
import { bootstrap, mount, unmount } from './lifecycles';
import remoteModule from './module';
import { NewOrderPage } from './cash-register/NewOrderPage';

// The parcel is its own React root, driven by the lifecycles like in the browser, not by the test's act():
// tell React this is not an act() environment (testing-library still wraps its own render in act).
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previousActEnvironment: boolean | undefined;
beforeAll(() => {
  void initI18n({ lng: 'fr' });
  previousActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
});

describe('cash register single-spa lifecycles', () => {
  it('mount renders the cash register into the given element and unmount empties it', async () => {
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    const props = { name: 'test-cash-register', domElement };

    await bootstrap(props);
    await mount(props);
    expect(domElement.querySelector('[data-testid="cash-register"]')).not.toBeNull();
    // no salespoint id given: the till says so (the real till is tested in cash-register/)
    expect(domElement).toHaveTextContent('Point de vente introuvable');

    await unmount(props);
    expect(domElement).toBeEmptyDOMElement();
    domElement.remove();
  });

  it('can be mounted twice side by side under different names', async () => {
    const a = { name: 'till-a', domElement: document.createElement('div') };
    const b = { name: 'till-b', domElement: document.createElement('div') };
    await mount(a);
    await mount(b);
    expect(a.domElement).toHaveTextContent('Point de vente introuvable');
    expect(b.domElement).toHaveTextContent('Point de vente introuvable');
    await unmount(a);
    expect(a.domElement).toBeEmptyDOMElement();
    expect(b.domElement).toHaveTextContent('Point de vente introuvable');
    await unmount(b);
  });
});

describe('/dashboard/salespoints/:id/new-order', () => {
  it('is the lazy page that hosts the parcel', () => {
    const page = remoteModule.pages['/dashboard/salespoints/:id/new-order'] as { $$typeof?: symbol };
    expect(page.$$typeof).toBe(Symbol.for('react.lazy'));
  });

  it('mounts the cash register parcel into its div, and unmounts it when the page goes away', async () => {
    const view = render(
      <MemoryRouter initialEntries={['/dashboard/salespoints/sp-1/new-order']}>
        <Routes>
          <Route path="/dashboard/salespoints/:id/new-order" element={<NewOrderPage routePath="/dashboard/salespoints/:id/new-order" />} />
        </Routes>
      </MemoryRouter>,
    );
    const host = screen.getByTestId('cash-register-host');
    await waitFor(() => expect(host.querySelector('[data-testid="cash-register"]')).not.toBeNull());
    expect(host).toHaveTextContent('Point de vente introuvable');

    view.unmount();
    await waitFor(() => expect(host).toBeEmptyDOMElement());
  });
});
