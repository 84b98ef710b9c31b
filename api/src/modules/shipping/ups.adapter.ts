// The UPS adapter of the carrier port, over UPS's REST APIs (developer.ups.com/api/reference; OpenAPI files in
// github.com/UPS-API/api-documentation):
// - OAuth Client Credentials: POST /security/v1/oauth/token, Basic auth client id:secret, header x-merchant-id (the
//   account number), form grant_type=client_credentials → { access_token, expires_in (seconds, a string) };
// - Shipping: POST /api/shipments/v2409/ship { ShipmentRequest: { Request, Shipment, LabelSpecification } } →
//   ShipmentResponse.ShipmentResults { ShipmentIdentificationNumber, ShipmentCharges.TotalCharges,
//   PackageResults (an object for one parcel, an array for several) [{ TrackingNumber, ShippingLabel.GraphicImage }] };
//   void: DELETE /api/shipments/v2409/void/cancel/{shipmentidentificationnumber};
// - Tracking: GET /api/track/v1/details/{inquiryNumber} → trackResponse.shipment[0].package[0] { currentStatus,
//   deliveryDate [{ type: 'DEL', date: 'YYYYMMDD' }], deliveryTime { endTime: 'HHMMSS' }, activity [{ status: { type } }] };
// - Address Validation: POST /api/addressvalidation/v2/1 { XAVRequest: { AddressKeyFormat } } → XAVResponse
//   { ValidAddressIndicator | AmbiguousAddressIndicator | NoCandidatesIndicator, Candidate[] }.
// Errors come as { response: { errors: [{ code, message }] } } with a 4xx/5xx status.
import { randomUUID } from 'node:crypto';
import {
  CarrierError,
  type AddressCheck,
  type CarrierAddress,
  type CarrierCredentials,
  type CarrierPort,
  type CreateShipmentInput,
  type CreatedShipment,
  type TrackingResult,
} from './carrier.port';
import { labelsToPdf } from './labels.pdf';
import type { CarrierEnvironment } from './shipping.tables';

export const UPS_SHIP_VERSION = 'v2409';

/** Where each environment lives; UPS_TEST_URL / UPS_PRODUCTION_URL override (the tests point both at a local fake). */
export function upsBaseUrls(env: NodeJS.ProcessEnv = process.env): Record<CarrierEnvironment, string> {
  return {
    test: env.UPS_TEST_URL || 'https://wwwcie.ups.com',
    production: env.UPS_PRODUCTION_URL || 'https://onlinetools.ups.com',
  };
}

export interface UpsAdapterOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** a call taking longer is abandoned (UPS is then « indisponible ») */
  timeoutMs?: number;
}

type UpsError = { code?: string; message?: string };

// A token lasts about four hours: kept per base URL and credentials, dropped a minute before it expires.
const tokens = new Map<string, { token: string; until: number }>();

/** UPS's error codes that speak of the parties (Shipping API error list): 1202xx the ship-to, 1201xx the shipper. */
function kindOf(status: number, errors: UpsError[]): CarrierError['kind'] {
  const codes = errors.map((e) => e.code ?? '');
  const text = errors.map((e) => e.message ?? '').join(' ');
  if (status === 401 || status === 403 || codes.some((c) => /^(250002|250003|250004|10401|10400|10402)$/.test(c))) return 'auth';
  if (status === 429 || status >= 500) return 'unavailable';
  if (codes.some((c) => c.startsWith('1202')) || /ship ?to/i.test(text)) return 'address';
  if (codes.some((c) => c.startsWith('1201')) || /shipper/i.test(text)) return 'shipper';
  if (codes.some((c) => c === '111210' || c === '120051') || /service is unavailable|service.*not available/i.test(text)) return 'service';
  if (status === 404) return 'notFound';
  return 'refused';
}

const addressLines = (a: CarrierAddress) => [a.street, a.street2].filter((l): l is string => !!l && !!l.trim()).slice(0, 3);

function party(a: CarrierAddress) {
  return {
    // UPS fields are capped at 35 characters
    Name: (a.company || a.name).slice(0, 35),
    AttentionName: a.name.slice(0, 35),
    ...(a.phone ? { Phone: { Number: a.phone.replace(/[^\d+]/g, '').slice(0, 15) } } : {}),
    ...(a.email ? { EMailAddress: a.email.slice(0, 50) } : {}),
    Address: { AddressLine: addressLines(a), City: a.city.slice(0, 30), PostalCode: a.zipcode.replace(/\s/g, ''), CountryCode: a.country },
  };
}

const asArray = <T>(v: T | T[] | undefined | null): T[] => (v == null ? [] : Array.isArray(v) ? v : [v]);

/** UPS dates 'YYYYMMDD' and times 'HHMMSS' (local time of the place: taken as Paris noon when no time is given). */
function upsDate(date: string | undefined, time: string | undefined): Date | null {
  if (!date || !/^\d{8}$/.test(date)) return null;
  const t = time && /^\d{6}$/.test(time) ? time : '120000';
  return new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}Z`);
}

export function createUpsCarrier(creds: CarrierCredentials, opts: UpsAdapterOptions): CarrierPort {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const tokenKey = `${base}|${creds.clientId}|${creds.accountNumber}|${creds.clientSecret}`;

  async function call(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new CarrierError('unavailable', err instanceof Error ? err.message : String(err));
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!res.ok) {
      const errors = asArray((body as { response?: { errors?: UpsError[] } } | null)?.response?.errors);
      throw new CarrierError(
        kindOf(res.status, errors),
        errors.map((e) => `${e.code ?? ''} ${e.message ?? ''}`.trim()).join('; ') || `HTTP ${res.status}`,
      );
    }
    return { status: res.status, body };
  }

  async function token(fresh = false): Promise<string> {
    const kept = tokens.get(tokenKey);
    if (!fresh && kept && kept.until > Date.now()) return kept.token;
    const { body } = await call('/security/v1/oauth/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`,
        'x-merchant-id': creds.accountNumber,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    const b = body as { access_token?: string; expires_in?: string | number } | null;
    if (!b?.access_token) throw new CarrierError('auth', 'no access_token');
    const seconds = Number(b.expires_in) || 3600;
    tokens.set(tokenKey, { token: b.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 });
    return b.access_token;
  }

  /** An API call with the bearer token; a token UPS no longer takes is fetched again once. */
  async function api(path: string, init: RequestInit & { json?: unknown }): Promise<unknown> {
    const { json, ...rest } = init;
    const send = async (t: string) =>
      call(path, {
        ...rest,
        headers: {
          Authorization: `Bearer ${t}`,
          transId: randomUUID().replace(/-/g, '').slice(0, 32),
          transactionSrc: 'wineriz',
          Accept: 'application/json',
          ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
    try {
      return (await send(await token())).body;
    } catch (err) {
      if (err instanceof CarrierError && err.kind === 'auth' && tokens.has(tokenKey)) {
        tokens.delete(tokenKey);
        return (await send(await token(true))).body;
      }
      throw err;
    }
  }

  async function voidShipment(shipmentId: string): Promise<void> {
    await api(`/api/shipments/${UPS_SHIP_VERSION}/void/cancel/${encodeURIComponent(shipmentId)}`, { method: 'DELETE' });
  }

  return {
    carrier: 'ups',

    async connect() {
      await token(true);
    },

    async validateAddress(address): Promise<AddressCheck> {
      const body = (await api('/api/addressvalidation/v2/1', {
        method: 'POST',
        json: {
          XAVRequest: {
            AddressKeyFormat: {
              ConsigneeName: address.name.slice(0, 35),
              AddressLine: addressLines(address),
              PoliticalDivision2: address.city,
              PostcodePrimaryLow: address.zipcode.replace(/\s/g, ''),
              CountryCode: address.country,
            },
          },
        },
      })) as {
        XAVResponse?: {
          ValidAddressIndicator?: unknown;
          Candidate?: Array<{
            AddressKeyFormat?: {
              AddressLine?: string | string[];
              PoliticalDivision2?: string;
              PostcodePrimaryLow?: string;
              CountryCode?: string;
            };
          }>;
        };
      } | null;
      const r = body?.XAVResponse;
      return {
        valid: r?.ValidAddressIndicator !== undefined,
        candidates: asArray(r?.Candidate).map((c) => {
          const k = c.AddressKeyFormat ?? {};
          const lines = asArray(k.AddressLine);
          return {
            name: address.name,
            street: lines[0] ?? '',
            street2: lines[1] ?? null,
            zipcode: k.PostcodePrimaryLow ?? '',
            city: k.PoliticalDivision2 ?? '',
            country: k.CountryCode ?? address.country,
          };
        }),
      };
    },

    async createShipment(input: CreateShipmentInput): Promise<CreatedShipment> {
      const body = (await api(`/api/shipments/${UPS_SHIP_VERSION}/ship`, {
        method: 'POST',
        json: {
          ShipmentRequest: {
            Request: { RequestOption: 'nonvalidate', TransactionReference: { CustomerContext: input.reference.slice(0, 512) } },
            Shipment: {
              Description: input.description.slice(0, 50),
              Shipper: { ...party(input.shipper), ShipperNumber: creds.accountNumber },
              ShipFrom: party(input.shipper),
              ShipTo: party(input.shipTo),
              PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: creds.accountNumber } }] },
              Service: { Code: input.service },
              ReferenceNumber: { Value: input.reference.slice(0, 35) },
              Package: input.parcels.map((p) => ({
                Packaging: { Code: '02' },
                PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: String(Math.max(0.1, Math.round(p.weightKg * 10) / 10)) },
              })),
            },
            LabelSpecification: { LabelImageFormat: { Code: 'GIF' }, HTTPUserAgent: 'Mozilla/4.5' },
          },
        },
      })) as {
        ShipmentResponse?: {
          ShipmentResults?: {
            ShipmentIdentificationNumber?: string;
            ShipmentCharges?: { TotalCharges?: { CurrencyCode?: string; MonetaryValue?: string } };
            PackageResults?:
              | { TrackingNumber?: string; ShippingLabel?: { ImageFormat?: { Code?: string }; GraphicImage?: string } }
              | Array<{ TrackingNumber?: string; ShippingLabel?: { ImageFormat?: { Code?: string }; GraphicImage?: string } }>;
          };
        };
      } | null;
      const results = body?.ShipmentResponse?.ShipmentResults;
      const packages = asArray(results?.PackageResults);
      const trackingNumber = packages[0]?.TrackingNumber;
      const shipmentId = results?.ShipmentIdentificationNumber ?? trackingNumber;
      if (!trackingNumber || !shipmentId || packages.some((p) => !p.ShippingLabel?.GraphicImage)) {
        throw new CarrierError('refused', 'ShipmentResults without tracking number or label');
      }
      let labelPdf: Buffer;
      try {
        labelPdf = await labelsToPdf(
          packages.map((p) => ({
            format: p.ShippingLabel?.ImageFormat?.Code ?? 'GIF',
            data: Buffer.from(p.ShippingLabel!.GraphicImage!, 'base64'),
          })),
          `Étiquettes UPS ${input.reference}`,
        );
      } catch (err) {
        // a label we cannot read is no label: the shipment UPS booked is cancelled at once (never billed, never stored)
        await voidShipment(shipmentId).catch(() => undefined);
        throw new CarrierError('refused', `unreadable label: ${err instanceof Error ? err.message : String(err)}`);
      }
      const charges = results?.ShipmentCharges?.TotalCharges;
      const value = Number(charges?.MonetaryValue);
      return {
        trackingNumber,
        shipmentId,
        labelPdf,
        cost: charges && Number.isFinite(value) ? { cents: Math.round(value * 100), currency: charges.CurrencyCode ?? 'EUR' } : null,
      };
    },

    async track(trackingNumber): Promise<TrackingResult> {
      const body = (await api(`/api/track/v1/details/${encodeURIComponent(trackingNumber)}?locale=fr_FR&returnSignature=false`, {
        method: 'GET',
      })) as {
        trackResponse?: {
          shipment?: Array<{
            warnings?: UpsError[];
            package?: Array<{
              currentStatus?: { description?: string; code?: string; type?: string };
              deliveryDate?: Array<{ type?: string; date?: string }>;
              deliveryTime?: { type?: string; endTime?: string };
              activity?: Array<{ status?: { type?: string; description?: string } }>;
            }>;
          }>;
        };
      } | null;
      const shipment = body?.trackResponse?.shipment?.[0];
      const pkg = shipment?.package?.[0];
      if (!pkg)
        throw new CarrierError('notFound', shipment?.warnings?.map((w) => `${w.code ?? ''} ${w.message ?? ''}`).join('; ') || 'no package');
      // activity is newest first; its status type: M manifest (label only), P pickup, I in transit, X exception, D delivered
      const type = pkg.activity?.[0]?.status?.type ?? pkg.currentStatus?.type;
      const lastEvent = pkg.currentStatus?.description ?? pkg.activity?.[0]?.status?.description ?? null;
      if (type === 'D') {
        const del = pkg.deliveryDate?.find((d) => d.type === 'DEL');
        return { status: 'delivered', deliveredAt: upsDate(del?.date, pkg.deliveryTime?.endTime) ?? new Date(), lastEvent };
      }
      if (type === 'X' || type === 'RS') return { status: 'exception', deliveredAt: null, lastEvent };
      if (type === 'I' || type === 'P' || type === 'O') return { status: 'transit', deliveredAt: null, lastEvent };
      return { status: 'created', deliveredAt: null, lastEvent };
    },

    voidShipment,
  };
}

/** Tests: forget the tokens kept (a credential change in a test must ask UPS again). */
export function forgetUpsTokens(): void {
  tokens.clear();
}
