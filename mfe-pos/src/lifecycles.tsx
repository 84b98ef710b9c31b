// single-spa lifecycles of the cash register (exposed as 'mfe-pos/lifecycles'): it mounts as an isolated parcel
// (its own React root) inside the shell, and full-screen standalone on a till.
// single-spa-react 6 works with React 19 only when given ReactDOMClient (createRoot), not ReactDOM.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { CashRegisterRoot, type CashRegisterProps } from './cash-register/CashRegisterRoot';

/** What a host passes to mount/unmount: a unique parcel name and the element to render into. */
export interface CashRegisterParcelProps extends CashRegisterProps {
  name: string;
  domElement: HTMLElement;
}

function ParcelError({ error }: { error: Error }) {
  return (
    <div role="alert" style={{ padding: 24 }}>
      <h1 style={{ fontSize: 22, margin: '0 0 8px' }}>Une erreur est survenue</h1>
      <p style={{ margin: 0, color: '#555' }}>La caisse a rencontré une erreur : {error.message}</p>
    </div>
  );
}

const lifecycles = singleSpaReact<CashRegisterParcelProps>({
  React,
  ReactDOMClient,
  rootComponent: CashRegisterRoot,
  errorBoundary: (error: Error) => <ParcelError error={error} />,
});

type Lifecycle = (props: CashRegisterParcelProps) => Promise<unknown>;

export const bootstrap: Lifecycle = (props) => lifecycles.bootstrap(props);
export const mount: Lifecycle = (props) => lifecycles.mount(props);
export const unmount: Lifecycle = (props) => lifecycles.unmount(props);

export default { bootstrap, mount, unmount };
