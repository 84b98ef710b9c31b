// The customer display of a till (spec §9: a serial display at 9600 baud, 40-byte lines) driven through the Web
// Serial API (Chrome, Edge). The cashier picks the port once (`connect()`, from a click: the browser asks); the browser
// then grants it to the site for good, and the next load reopens it without asking (`restore()`, through
// navigator.serial.getPorts(); the chosen port's USB ids are remembered on this device to find it among several).
// `show(frame)` queues the frame and returns at once: it never throws and never waits, and a failed write is only
// logged (spec §8: a display error never blocks a sale).
import { DISPLAY_BAUD } from 'shared-kernel/domain';

/** What the driver uses of a Web Serial port (the real SerialPort, or a fake in tests). */
export interface SerialPortLike {
  open(options: { baudRate: number }): Promise<void>;
  close?(): Promise<void>;
  readonly writable: WritableStream<Uint8Array> | null;
  getInfo?(): { usbVendorId?: number; usbProductId?: number };
}

/** What the driver uses of `navigator.serial`. */
export interface SerialLike {
  requestPort(options?: { filters?: Array<{ usbVendorId?: number; usbProductId?: number }> }): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}

export type DisplayStatus = 'unsupported' | 'disconnected' | 'connecting' | 'connected';

export interface CustomerDisplay {
  readonly status: DisplayStatus;
  /** Asks the browser for a port (needs a user gesture) and opens it. True when connected. Never throws. */
  connect(): Promise<boolean>;
  /** Reopens the port chosen earlier on this device, without asking. True when connected. Never throws. */
  restore(): Promise<boolean>;
  /** Queues a frame (40 bytes); dropped when not connected. Never throws, never blocks. */
  show(frame: Uint8Array): void;
  /** Resolves when every queued frame was written (or failed). */
  idle(): Promise<void>;
  /** Releases the port. */
  close(): Promise<void>;
  subscribe(listener: (status: DisplayStatus) => void): () => void;
}

/** localStorage key of the chosen port's USB ids on this device. */
export const DISPLAY_PORT_KEY = 'wz.pos.display-port';

interface RememberedPort {
  usbVendorId?: number;
  usbProductId?: number;
}

function remembered(): RememberedPort | null {
  try {
    const raw = globalThis.localStorage?.getItem(DISPLAY_PORT_KEY);
    return raw ? (JSON.parse(raw) as RememberedPort) : null;
  } catch {
    return null;
  }
}

function remember(port: SerialPortLike): void {
  try {
    globalThis.localStorage?.setItem(DISPLAY_PORT_KEY, JSON.stringify(port.getInfo?.() ?? {}));
  } catch {}
}

/** navigator.serial when the browser has it. */
export function browserSerial(): SerialLike | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { serial?: SerialLike }).serial;
}

export function createCustomerDisplay(
  serial: SerialLike | undefined = browserSerial(),
  log: (...args: unknown[]) => void = console.warn,
): CustomerDisplay {
  let status: DisplayStatus = serial ? 'disconnected' : 'unsupported';
  let port: SerialPortLike | null = null;
  let writer: WritableStreamDefaultWriter<Uint8Array> | null = null;
  let queue: Promise<void> = Promise.resolve();
  const listeners = new Set<(s: DisplayStatus) => void>();

  const setStatus = (next: DisplayStatus) => {
    status = next;
    for (const l of [...listeners]) l(next);
  };

  async function openPort(candidate: SerialPortLike): Promise<boolean> {
    setStatus('connecting');
    try {
      // a port granted earlier may still be open (another mount of the till): use it as it is
      if (!candidate.writable) await candidate.open({ baudRate: DISPLAY_BAUD });
      const stream = candidate.writable;
      if (!stream) throw new Error('the port has no writable stream');
      writer = stream.getWriter();
      port = candidate;
      remember(candidate);
      setStatus('connected');
      return true;
    } catch (error) {
      log('Afficheur client : le port n’a pas pu être ouvert', error);
      writer = null;
      port = null;
      setStatus('disconnected');
      return false;
    }
  }

  const display: CustomerDisplay = {
    get status() {
      return status;
    },
    async connect() {
      if (!serial) return false;
      if (status === 'connected') return true;
      try {
        const chosen = await serial.requestPort();
        return await openPort(chosen);
      } catch (error) {
        // the cashier closed the browser's port picker, or the browser refused
        log('Afficheur client : aucun port choisi', error);
        setStatus('disconnected');
        return false;
      }
    },
    async restore() {
      if (!serial || status === 'connected' || status === 'connecting') return status === 'connected';
      try {
        const ports = await serial.getPorts();
        if (!ports.length) return false;
        const wanted = remembered();
        const same = (p: SerialPortLike) => {
          const info = p.getInfo?.() ?? {};
          return info.usbVendorId === wanted?.usbVendorId && info.usbProductId === wanted?.usbProductId;
        };
        const candidate = (wanted && ports.find(same)) ?? (ports.length === 1 ? ports[0] : null);
        return candidate ? await openPort(candidate) : false;
      } catch (error) {
        log('Afficheur client : les ports autorisés n’ont pas pu être lus', error);
        return false;
      }
    },
    show(frame) {
      const w = writer;
      if (!w || status !== 'connected') return;
      const bytes = frame.slice();
      // a write that throws or rejects is logged and the queue goes on: it never reaches the sale
      queue = queue
        .then(() => w.write(bytes))
        .catch((error: unknown) => {
          log('Afficheur client : écriture impossible', error);
        });
    },
    idle() {
      return queue;
    },
    async close() {
      const w = writer;
      const p = port;
      writer = null;
      port = null;
      if (status !== 'unsupported') setStatus('disconnected');
      try {
        await queue;
        w?.releaseLock();
        await p?.close?.();
      } catch (error) {
        log('Afficheur client : fermeture du port', error);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return display;
}
