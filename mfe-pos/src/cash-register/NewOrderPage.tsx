import { useEffect, useRef } from 'react';
import { useParams } from 'shared-kernel/router';
import type { PageProps } from 'shared-kernel/contracts';
import { bootstrap, mount, unmount, type CashRegisterParcelProps } from '../lifecycles';

let parcelSeq = 0;

/**
 * /dashboard/salespoints/:id/new-order: mounts the cash register as an isolated parcel (its own React root)
 * into a div, and unmounts it when the page goes away.
 */
export function NewOrderPage(_props: PageProps) {
  const { id } = useParams();
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const domElement = host.current;
    if (!domElement) return;
    // A fresh name per mount: single-spa-react keys its roots by name, and StrictMode mounts twice.
    const props: CashRegisterParcelProps = { name: `mfe-pos-cash-register-${++parcelSeq}`, domElement, salesPointId: id };
    const mounted = bootstrap(props).then(() => mount(props));
    return () => {
      // Unmount after the mount settled, outside React's commit phase of the host tree.
      void mounted.then(() => unmount(props));
    };
  }, [id]);

  return <div ref={host} className="wz-cash-register-host" data-testid="cash-register-host" />;
}

export default NewOrderPage;
