// Test doubles of Web Serial (jest only): a port that records the bytes written, and navigator.serial around it.
import type { SerialLike, SerialPortLike } from './customer-display';

/** A serial port as Web Serial gives it: `writable` appears once opened; every chunk written is kept. */
export function fakePort(
  options: { info?: { usbVendorId?: number; usbProductId?: number }; write?: (chunk: Uint8Array) => Promise<void> } = {},
) {
  const written: Uint8Array[] = [];
  const opened: Array<{ baudRate: number }> = [];
  let isOpen = false;
  const writer = {
    write: (chunk: Uint8Array) => (options.write ? options.write(chunk) : (written.push(chunk), Promise.resolve())),
    releaseLock: jest.fn(),
  };
  const port: SerialPortLike & { written: Uint8Array[]; opened: typeof opened; text(): string[] } = {
    written,
    opened,
    async open(o) {
      opened.push(o);
      isOpen = true;
    },
    async close() {
      isOpen = false;
    },
    get writable() {
      return isOpen ? ({ getWriter: () => writer } as unknown as WritableStream<Uint8Array>) : null;
    },
    getInfo: () => options.info ?? {},
    text: () => written.map((b) => String.fromCharCode(...b)),
  };
  return port;
}

export function fakeSerial(ports: {
  granted?: SerialPortLike[];
  chosen?: SerialPortLike | Error;
}): SerialLike & { requestPort: jest.Mock } {
  return {
    requestPort: jest.fn(async () => {
      if (!ports.chosen || ports.chosen instanceof Error) throw ports.chosen ?? new Error('No port selected by the user.');
      return ports.chosen;
    }),
    getPorts: async () => ports.granted ?? [],
  };
}
