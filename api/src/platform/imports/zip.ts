import { Inflate } from 'fflate';
import { HttpError } from '../errors';
import { IMPORT_LIMIT_MESSAGES as L, type ImportLimits } from './limits';

/** Who is told what when the archive is refused. */
export interface ZipContext {
  limits: ImportLimits;
  /** the request field holding the file */
  field: string;
  /** the module's message for a file that cannot be read */
  unreadable: string;
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Input slices fed to the inflater: one slice inflates to at most ~1 000 times its size, so a few MB at worst. */
const INFLATE_SLICE = 4 * 1024;
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export const isZip = (buf: Uint8Array) => buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;

/** The central directory: what the archive declares (names, methods, sizes), read without inflating anything. */
function centralDirectory(buf: Buffer, ctx: ZipContext): Entry[] {
  const bad = () => new HttpError(400, ctx.unreadable, ctx.field);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad();
  const count = buf.readUInt16LE(eocd + 10);
  const offset = buf.readUInt32LE(eocd + 16);
  // ZIP64 archives (more than 65 535 files or 4 GB) are never a workbook we import
  if (count === 0xffff || offset === 0xffffffff) throw new HttpError(413, L.tooManyEntries(ctx.limits.maxEntries), ctx.field);
  if (count > ctx.limits.maxEntries) throw new HttpError(413, L.tooManyEntries(ctx.limits.maxEntries), ctx.field);
  const entries: Entry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw bad();
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    if (p + 46 + nameLength + extraLength > buf.length) throw bad();
    const entry: Entry = {
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
    };
    // sizes of 4 GB and more live in the ZIP64 extra field: far beyond any bound, refused as such
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff) entry.size = Infinity;
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const isSheetPart = (name: string) => /worksheets\/[^/]*\.xml$/i.test(name) || /sharedStrings[^/]*\.xml$/i.test(name);

/**
 * Checks an XLSX archive within the bounds: the sizes its directory declares first (an archive announcing too much
 * is refused before any inflating), then every part is inflated slice by slice, without keeping it, stopping as soon
 * as it goes beyond the size it declared (a directory can lie). `onPart` sees the inflated bytes of the parts it
 * asks for (the worksheets' rows and columns are counted this way). 413 or 400 naming the field.
 */
export function checkZip(buf: Buffer, ctx: ZipContext, onPart?: (name: string) => ((chunk: Uint8Array) => void) | undefined): void {
  const { limits } = ctx;
  const entries = centralDirectory(buf, ctx);
  let declared = 0;
  for (const e of entries) {
    const max = isSheetPart(e.name) ? limits.maxSheetBytes : limits.maxPartBytes;
    if (e.size > max) throw new HttpError(413, L.partTooBig(e.name, max), ctx.field);
    declared += e.size;
    if (declared > limits.maxTotalBytes) throw new HttpError(413, L.totalTooBig(limits.maxTotalBytes), ctx.field);
  }
  for (const e of entries) inflateWithin(buf, e, ctx, onPart?.(e.name));
}

function inflateWithin(buf: Buffer, e: Entry, ctx: ZipContext, sink: ((chunk: Uint8Array) => void) | undefined): void {
  const bad = () => new HttpError(400, ctx.unreadable, ctx.field);
  const p = e.localOffset;
  if (e.flags & 1 || p + 30 > buf.length || buf.readUInt32LE(p) !== LOCAL) throw bad(); // encrypted, or no such part
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  const end = start + e.compressedSize;
  if (end > buf.length) throw bad();
  if (e.method === 0) {
    if (e.compressedSize !== e.size) throw new HttpError(400, L.sizeMismatch, ctx.field);
    sink?.(buf.subarray(start, end));
    return;
  }
  if (e.method !== 8) throw bad();
  let inflated = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    inflated += chunk.length;
    if (inflated > e.size) throw new HttpError(400, L.sizeMismatch, ctx.field);
    sink?.(chunk);
    if (final) ended = true;
  });
  try {
    for (let i = start; i < end; i += INFLATE_SLICE) {
      const last = i + INFLATE_SLICE >= end;
      inflater.push(buf.subarray(i, Math.min(end, i + INFLATE_SLICE)), last);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw bad(); // not a deflate stream
  }
  if (!ended) throw bad();
}
