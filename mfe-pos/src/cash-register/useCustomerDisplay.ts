import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { createCustomerDisplay, type CustomerDisplay, type DisplayStatus } from './customer-display';

export interface CustomerDisplayHandle {
  status: DisplayStatus;
  /** Shows a frame when the display is on (no-op otherwise; never throws). */
  show(frame: Uint8Array): void;
  /** Asks the browser for the display's port (call it from a click). */
  connect(): Promise<boolean>;
}

const noStatus = () => () => {};

/**
 * The customer display of the till, when the salespoint has one (`enabled`): reopens the port chosen earlier on this
 * device, and releases it when the till goes away.
 */
export function useCustomerDisplay(enabled: boolean): CustomerDisplayHandle {
  const [display] = useState<CustomerDisplay>(() => createCustomerDisplay());
  const status = useSyncExternalStore(
    enabled ? display.subscribe : noStatus,
    () => display.status,
    () => display.status,
  );

  useEffect(() => {
    if (!enabled) return;
    void display.restore();
    return () => {
      void display.close();
    };
  }, [enabled, display]);

  const show = useCallback((frame: Uint8Array) => (enabled ? display.show(frame) : undefined), [enabled, display]);
  const connect = useCallback(() => (enabled ? display.connect() : Promise.resolve(false)), [enabled, display]);
  return { status, show, connect };
}
