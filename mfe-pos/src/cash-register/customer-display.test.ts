import { displayFrames } from 'shared-kernel/domain';
import { createCustomerDisplay, DISPLAY_PORT_KEY } from './customer-display';
import { fakePort, fakeSerial } from './fake-serial';

beforeEach(() => localStorage.clear());

describe('the customer display driver (Web Serial, 9600 baud, 40-byte frames)', () => {
  it('opens the chosen port at 9600 baud and writes the exact 40-byte frames, in order', async () => {
    const port = fakePort({ info: { usbVendorId: 0x0403, usbProductId: 0x6001 } });
    const serial = fakeSerial({ chosen: port });
    const display = createCustomerDisplay(serial, jest.fn());
    expect(display.status).toBe('disconnected');

    display.show(displayFrames.welcome('Avant connexion')); // not connected: dropped
    await expect(display.connect()).resolves.toBe(true);
    expect(display.status).toBe('connected');
    expect(port.opened).toEqual([{ baudRate: 9600 }]);

    display.show(displayFrames.welcome('Domaine de Démo'));
    display.show(displayFrames.item('Mâcon-Pierreclos 2023', 2, 2900));
    display.show(displayFrames.total(4515));
    display.show(displayFrames.change(485));
    await display.idle();

    expect(port.written.every((b) => b instanceof Uint8Array && b.length === 40)).toBe(true);
    expect(port.text()).toEqual([
      'Bienvenue - Domaine de Demo             ',
      '2 x Macon-Pierreclos 2023      29,00 EUR',
      'TOTAL                          45,15 EUR',
      'RENDU                           4,85 EUR',
    ]);
    // the port is remembered on this device
    expect(JSON.parse(localStorage.getItem(DISPLAY_PORT_KEY)!)).toEqual({ usbVendorId: 0x0403, usbProductId: 0x6001 });
  });

  it('reopens the port chosen earlier without asking (getPorts), the remembered one among several', async () => {
    localStorage.setItem(DISPLAY_PORT_KEY, JSON.stringify({ usbVendorId: 0x0403, usbProductId: 0x6001 }));
    const other = fakePort({ info: { usbVendorId: 0x2341, usbProductId: 0x0043 } });
    const mine = fakePort({ info: { usbVendorId: 0x0403, usbProductId: 0x6001 } });
    const serial = fakeSerial({ granted: [other, mine] });
    const display = createCustomerDisplay(serial, jest.fn());
    await expect(display.restore()).resolves.toBe(true);
    expect(serial.requestPort).not.toHaveBeenCalled();
    expect(other.opened).toEqual([]);
    display.show(displayFrames.total(100));
    await display.idle();
    expect(mine.text()).toEqual([`TOTAL${' '.repeat(27)}1,00 EUR`]);
  });

  it('a port whose writes fail never breaks a sale: show() neither throws nor waits, the error is only logged', async () => {
    const log = jest.fn();
    let calls = 0;
    const port = fakePort({
      write: () => {
        calls++;
        if (calls === 1) throw new Error('device unplugged'); // even a synchronous throw
        return Promise.reject(new Error('write failed'));
      },
    });
    const display = createCustomerDisplay(fakeSerial({ chosen: port }), log);
    await display.connect();
    expect(() => {
      display.show(displayFrames.item('Crémant', 1, 1200));
      display.show(displayFrames.total(1200));
    }).not.toThrow();
    await expect(display.idle()).resolves.toBeUndefined();
    expect(calls).toBe(2);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0][0]).toMatch(/écriture impossible/);
    expect(display.status).toBe('connected');
  });

  it('without Web Serial, or when the cashier closes the port picker, nothing throws', async () => {
    const none = createCustomerDisplay(undefined, jest.fn());
    expect(none.status).toBe('unsupported');
    await expect(none.connect()).resolves.toBe(false);
    expect(() => none.show(displayFrames.total(1))).not.toThrow();

    const log = jest.fn();
    const cancelled = createCustomerDisplay(fakeSerial({ chosen: new Error('No port selected by the user.') }), log);
    await expect(cancelled.connect()).resolves.toBe(false);
    expect(cancelled.status).toBe('disconnected');
    await expect(cancelled.restore()).resolves.toBe(false);
  });

  it('releases the port on close', async () => {
    const port = fakePort();
    const display = createCustomerDisplay(fakeSerial({ chosen: port }), jest.fn());
    const statuses: string[] = [];
    display.subscribe((s) => statuses.push(s));
    await display.connect();
    await display.close();
    expect(statuses).toEqual(['connecting', 'connected', 'disconnected']);
    expect(port.writable).toBeNull();
    display.show(displayFrames.total(1));
    await display.idle();
    expect(port.written).toEqual([]);
  });
});
