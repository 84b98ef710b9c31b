import { HttpError } from '../errors';
import { IMPORT_LIMIT_MESSAGES as L, maxLinesOf, type ImportLimits } from './limits';

/** Column letters of a cell reference (« AB12 » → 28). */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return col;
}

/** the `r` attribute: a row's number, a cell's reference */
const R_ATTR = /(?:^|\s)r\s*=\s*["']([^"']*)["']/;
const refOf = (attrs: string) => R_ATTR.exec(attrs)?.[1];

/** A tag that opens a row or a cell, or closes a row (any namespace prefix). */
const TAG = /<(\/?)(?:[\w.-]+:)?(row|c)(?=[\s/>])([^>]*)>/g;
/** An unfinished tag longer than this is no row nor cell of ours: it is skipped, not kept across chunks. */
const MAX_PENDING = 64 * 1024;

/**
 * Counts the rows and cells of a worksheet's XML as it is inflated, chunk by chunk, without building anything:
 * a row numbered beyond the lines allowed, a cell beyond the last column allowed, or more cells in all than allowed
 * is refused before a spreadsheet library holds them in memory. What is counted is what the library will build:
 * every row up to its last referenced column.
 */
export class SheetBounds {
  private pending = '';
  private row = 0;
  private rowEnd = 0;
  private col = 0;
  private cells = 0;

  constructor(
    private readonly limits: ImportLimits,
    private readonly field: string,
    /** cells already counted in the other sheets of the workbook */
    private readonly shared: { cells: number },
  ) {}

  push(chunk: Uint8Array): void {
    // tags and references are ASCII: latin1 keeps every byte at its place without decoding UTF-8 across chunks
    const text = this.pending + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    TAG.lastIndex = 0;
    let consumed = 0;
    for (let m = TAG.exec(text); m; m = TAG.exec(text)) {
      consumed = TAG.lastIndex;
      if (m[1]) this.closeRow();
      else if (m[2] === 'row') this.openRow(m[3]);
      else this.cell(m[3]);
    }
    const open = text.lastIndexOf('<');
    this.pending = open >= consumed && text.indexOf('>', open) < 0 && text.length - open <= MAX_PENDING ? text.slice(open) : '';
  }

  private openRow(attrs: string): void {
    this.closeRow();
    const r = Number(refOf(attrs));
    this.row = Number.isInteger(r) && r > 0 ? r : this.row + 1;
    if (this.row > maxLinesOf(this.limits)) throw new HttpError(400, L.tooManyRows(this.limits.maxRows), this.field);
    this.col = 0;
    this.rowEnd = 0;
    if (/\/\s*$/.test(attrs)) this.closeRow();
  }

  private cell(attrs: string): void {
    const ref = refOf(attrs);
    const col = ref ? columnOf(ref.toUpperCase()) : 0;
    this.col = col > 0 ? col : this.col + 1;
    if (this.col > this.limits.maxColumns) throw new HttpError(400, L.tooManyColumns(this.limits.maxColumns), this.field);
    this.rowEnd = Math.max(this.rowEnd, this.col);
  }

  private closeRow(): void {
    if (!this.rowEnd) return;
    this.cells += this.rowEnd;
    this.shared.cells += this.rowEnd;
    this.rowEnd = 0;
    if (this.shared.cells > this.limits.maxCells) throw new HttpError(400, L.tooManyCells(this.limits.maxCells), this.field);
  }

  /** the last row's cells (a sheet cut short of its closing tags) */
  end(): void {
    this.closeRow();
  }
}
