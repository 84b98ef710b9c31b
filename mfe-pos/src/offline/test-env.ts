// Test-only: what jsdom lacks for IndexedDB and the local chain (structuredClone for fake-indexeddb, WebCrypto's
// subtle for SHA-256), then fake-indexeddb's globals (indexedDB, IDBKeyRange). Import it first in a test file.
import { webcrypto } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';

if (typeof globalThis.structuredClone !== 'function') {
  globalThis.structuredClone = (<T>(value: T): T => deserialize(serialize(value))) as typeof structuredClone;
}
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('fake-indexeddb/auto');
