/**
 * The till's IndexedDB: database `wz-till`.
 * - `tickets`: the tickets made offline, keyed [salesPointId, seq] (seq = n of the provisional number HL-<id>-<n>),
 *   queued or rejected, and the light record left by a sent one (the anchor of the local chain);
 * - `meta`: per salespoint, the last provisional n given on this device (`counter:<id>`) and the local chain's head
 *   (`head:<id>`);
 * - `catalog`: the last catalogue the api gave each salespoint (what the till sells offline).
 * One connection per IDBFactory and page, shared by the queue and the catalogue; it closes when another tab upgrades
 * the database and is opened again on the next use.
 */
import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import type { PosCatalog, TicketInput, PosTicket } from 'shared-kernel/contracts';
import type { PricedTicket } from 'shared-kernel/domain';

export const DB_NAME = 'wz-till';
export const DB_VERSION = 1;

/** What the till hands to `submit`: a ticket without its offline part, the idempotency key being optional. */
export type TillTicketInput = Omit<TicketInput, 'offline' | 'key'> & { key?: string };

/** A ticket made while the api could not be reached, waiting in this browser. */
export interface QueuedTicket {
  salesPointId: number;
  /** n of the provisional number */
  seq: number;
  /** provisional number 'HL-<salesPointId>-<n>' */
  number: string;
  /** idempotency key sent with it */
  key: string;
  /** when it was made (ISO) */
  at: string;
  /** the ticket as it will be sent (without `offline`, added when sending) */
  input: Omit<TicketInput, 'offline'>;
  /** the totals the customer saw */
  priced: PricedTicket;
  /** local chain: SHA-256 hex of chainInput(prevHash, { number, at, input }) */
  prevHash: string;
  hash: string;
  /** 'rejected': the api refused it (kept aside with the message, never sent again on its own) */
  status: 'queued' | 'rejected';
  /** tries that did not reach the api */
  attempts: number;
  /** the last failure that kept it waiting */
  lastError: string | null;
  rejection: { status: number; message: string; field: string | null; at: string } | null;
}

/** What remains of a sent ticket: its link in the local chain and what the api made of it. */
export interface SentTicket {
  salesPointId: number;
  seq: number;
  number: string;
  key: string;
  at: string;
  prevHash: string;
  hash: string;
  status: 'sent';
  sentAt: string;
  ticket: Pick<PosTicket, 'id' | 'ref' | 'number'>;
}

export type StoredTicket = QueuedTicket | SentTicket;

export interface SavedCatalog {
  salesPointId: number;
  catalog: PosCatalog;
  savedAt: string;
}

export interface TillSchema extends DBSchema {
  tickets: { key: [number, number]; value: StoredTicket };
  meta: { key: string; value: number | string };
  catalog: { key: number; value: SavedCatalog };
}

export type TillDb = IDBPDatabase<TillSchema>;

const connections = new WeakMap<IDBFactory, Promise<TillDb>>();

function open(factory: IDBFactory, forget: () => void): Promise<TillDb> {
  const request = factory.open(DB_NAME, DB_VERSION);
  request.addEventListener('upgradeneeded', (event) => {
    const db = request.result;
    if (event.oldVersion < 1) {
      db.createObjectStore('tickets', { keyPath: ['salesPointId', 'seq'] });
      db.createObjectStore('meta');
      db.createObjectStore('catalog', { keyPath: 'salesPointId' });
    }
  });
  return (wrap(request) as Promise<TillDb | undefined>).then((db) => {
    if (!db) throw new Error('IndexedDB: the till database did not open');
    // another tab wants a newer version: let it, and open again on the next use
    db.addEventListener('versionchange', () => {
      forget();
      db.close();
    });
    db.addEventListener('close', forget);
    return db;
  });
}

/** The shared connection to `wz-till` for `factory` (the page's indexedDB by default). */
export function tillDb(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<TillDb> {
  if (!factory) return Promise.reject(new Error('IndexedDB is not available in this browser'));
  const existing = connections.get(factory);
  if (existing) return existing;
  const forget = () => {
    if (connections.get(factory) === opening) connections.delete(factory);
  };
  const opening = open(factory, forget);
  connections.set(factory, opening);
  opening.catch(forget);
  return opening;
}

/** The range of one salespoint's tickets in `tickets`. */
export const ticketsOf = (salesPointId: number) => IDBKeyRange.bound([salesPointId, 0], [salesPointId, Infinity]);

export const counterKey = (salesPointId: number) => `counter:${salesPointId}`;
export const headKey = (salesPointId: number) => `head:${salesPointId}`;

export async function loadCatalog(db: TillDb, salesPointId: number): Promise<SavedCatalog | undefined> {
  return db.get('catalog', salesPointId);
}

export async function saveCatalog(db: TillDb, salesPointId: number, catalog: PosCatalog, now = new Date()): Promise<void> {
  await db.put('catalog', { salesPointId, catalog, savedAt: now.toISOString() });
}
