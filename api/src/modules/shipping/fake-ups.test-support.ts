// A local fake of UPS's REST APIs for the tests (never the real UPS): OAuth client credentials, Shipping (ship, void),
// Tracking and Address Validation, with the shapes of developer.ups.com's reference (see ups.adapter.ts), and switches
// to make each failure happen: credentials refused, ship-to address refused, service not offered, UPS down.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import sharp from 'sharp';

export interface FakeUpsState {
  /** the only credentials the fake accepts */
  clientId: string;
  clientSecret: string;
  accountNumber: string;
  /** failures to simulate (each stays on until switched off) */
  fail: { auth: boolean; address: boolean; service: boolean; down: boolean; void: boolean };
  /** shipments booked and not voided, by shipment id */
  shipments: Map<string, { trackingNumbers: string[]; body: unknown }>;
  voided: string[];
  /** what tracking answers for a number: its status type (M, I, D, X) and delivery date YYYYMMDD */
  tracking: Map<string, { type: 'M' | 'I' | 'D' | 'X'; date?: string }>;
  /** every call, 'METHOD /path' */
  calls: string[];
}

export interface FakeUps {
  url: string;
  state: FakeUpsState;
  reset(): void;
  close(): Promise<void>;
}

/** A small but real GIF (what UPS sends is a 1400 × 800 one): a black frame on white. */
export function sampleLabelGif(width = 60, height = 40): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height, 255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if (x < 2 || y < 2 || x >= width - 2 || y >= height - 2) pixels[y * width + x] = 0;
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .gif()
    .toBuffer();
}

const upsError = (code: string, message: string) => ({ response: { errors: [{ code, message }] } });

export async function startFakeUps(): Promise<FakeUps> {
  const fresh = (): FakeUpsState => ({
    clientId: 'fake-client-id',
    clientSecret: 'fake-client-secret',
    accountNumber: 'A1B2C3',
    fail: { auth: false, address: false, service: false, down: false, void: false },
    shipments: new Map(),
    voided: [],
    tracking: new Map(),
    calls: [],
  });
  const state = fresh();
  const tokens = new Set<string>();
  let seq = 0;
  const app = express();
  app.use(express.json());
  app.use(express.urlencoded({ extended: false }));
  app.use((req, res, next) => {
    state.calls.push(`${req.method} ${req.path}`);
    if (state.fail.down) {
      res.status(503).json(upsError('9999', 'Service Unavailable'));
      return;
    }
    next();
  });

  app.post('/security/v1/oauth/token', (req, res) => {
    const basic = /^Basic (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    if (
      state.fail.auth ||
      id !== state.clientId ||
      secret !== state.clientSecret ||
      req.get('x-merchant-id') !== state.accountNumber ||
      req.body?.grant_type !== 'client_credentials'
    ) {
      res.status(401).json(upsError('10401', 'ClientId is Invalid'));
      return;
    }
    const token = `fake-token-${++seq}`;
    tokens.add(token);
    res.json({ token_type: 'Bearer', access_token: token, expires_in: '14399', status: 'approved', client_id: id });
  });

  // every other call needs a token the fake gave
  app.use('/api', (req, res, next) => {
    const t = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!t || !tokens.has(t) || state.fail.auth) {
      res.status(401).json(upsError('250002', 'Invalid Authentication Information.'));
      return;
    }
    next();
  });

  const label = (await sampleLabelGif()).toString('base64');
  app.post('/api/shipments/:version/ship', (req, res) => {
    const shipment = req.body?.ShipmentRequest?.Shipment;
    const packages: unknown[] = Array.isArray(shipment?.Package) ? shipment.Package : shipment?.Package ? [shipment.Package] : [];
    if (state.fail.address || !shipment?.ShipTo?.Address?.PostalCode) {
      res.status(400).json(upsError('120206', 'Missing or invalid ship to PostalCode'));
      return;
    }
    if (state.fail.service) {
      res.status(400).json(upsError('111210', 'The requested service is unavailable between the selected locations.'));
      return;
    }
    if (shipment?.Shipper?.ShipperNumber !== state.accountNumber) {
      res.status(400).json(upsError('120100', 'Missing or invalid shipper number'));
      return;
    }
    const n = ++seq;
    const shipmentId = `1ZFAKE${String(n).padStart(10, '0')}`;
    const trackingNumbers = packages.map((_, i) => `1ZFAKE${String(n).padStart(8, '0')}${String(i + 1).padStart(2, '0')}`);
    state.shipments.set(shipmentId, { trackingNumbers, body: req.body });
    for (const t of trackingNumbers) state.tracking.set(t, { type: 'M' });
    const results = trackingNumbers.map((t) => ({
      TrackingNumber: t,
      ShippingLabel: { ImageFormat: { Code: 'GIF' }, GraphicImage: label },
    }));
    res.json({
      ShipmentResponse: {
        Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
        ShipmentResults: {
          ShipmentIdentificationNumber: shipmentId,
          ShipmentCharges: { TotalCharges: { CurrencyCode: 'EUR', MonetaryValue: (12.5 * packages.length).toFixed(2) } },
          // one parcel: an object, several: an array (as UPS does)
          PackageResults: results.length === 1 ? results[0] : results,
        },
      },
    });
  });

  app.delete('/api/shipments/:version/void/cancel/:id', (req, res) => {
    if (state.fail.void) {
      res.status(503).json(upsError('9999', 'Service Unavailable'));
      return;
    }
    const id = req.params.id;
    if (!state.shipments.delete(id)) {
      res.status(400).json(upsError('190117', 'The shipment cannot be voided: not found'));
      return;
    }
    state.voided.push(id);
    res.json({
      VoidShipmentResponse: {
        Response: { ResponseStatus: { Code: '1' } },
        SummaryResult: { Status: { Code: '1', Description: 'Voided' } },
      },
    });
  });

  app.get('/api/track/v1/details/:number', (req, res) => {
    const t = state.tracking.get(req.params.number);
    if (!t) {
      res.status(404).json(upsError('TW0001', 'Tracking Information Not Found'));
      return;
    }
    const description = { M: 'Shipper created a label', I: 'On the Way', D: 'Delivered', X: 'Delivery Attempted' }[t.type];
    res.json({
      trackResponse: {
        shipment: [
          {
            inquiryNumber: req.params.number,
            package: [
              {
                trackingNumber: req.params.number,
                currentStatus: { description, code: t.type === 'D' ? '011' : '005' },
                ...(t.type === 'D' && t.date
                  ? { deliveryDate: [{ type: 'DEL', date: t.date }], deliveryTime: { type: 'DEL', endTime: '143000' } }
                  : {}),
                activity: [{ date: t.date ?? '20260101', time: '143000', status: { type: t.type, description } }],
              },
            ],
          },
        ],
      },
    });
  });

  app.post('/api/addressvalidation/v2/:option', (req, res) => {
    const k = req.body?.XAVRequest?.AddressKeyFormat ?? {};
    if (state.fail.address || !k.PostcodePrimaryLow) {
      res.json({ XAVResponse: { Response: { ResponseStatus: { Code: '1' } }, NoCandidatesIndicator: '' } });
      return;
    }
    res.json({
      XAVResponse: { Response: { ResponseStatus: { Code: '1' } }, ValidAddressIndicator: '', Candidate: [{ AddressKeyFormat: k }] },
    });
  });

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    reset() {
      Object.assign(state, fresh());
      tokens.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // the api's fetch keeps its sockets alive: closed here, or the test process waits for them
        server.closeAllConnections();
      }),
  };
}
