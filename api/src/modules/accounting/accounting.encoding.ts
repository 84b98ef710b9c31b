/**
 * The FEC's character set. A47 A-1 LPF (I-5°): the file is coded in ASCII, ISO 8859-15 or EBCDIC; ISO 8859-15 (latin-9)
 * is the default here, as it keeps the French letters (é, è, ç, œ, €). UTF-8 on request, for tools that want it. A
 * character latin-9 does not have is replaced by its nearest plain form (’ → ', « stays, – → -, … → ..., ă → a)
 * rather than silently turned into '?'.
 */
import iconv from 'iconv-lite';
import type { FecEncoding } from 'shared-kernel/contracts';

/** The characters ISO 8859-15 has (its 256 bytes decoded). */
const LATIN9 = new Set(iconv.decode(Buffer.from(Array.from({ length: 256 }, (_, i) => i)), 'iso-8859-15'));

/** Typographic characters outside latin-9 and their plain form. */
const PLAIN: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2033': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u2022': '-',
  '\u00A4': 'EUR',
  '\u2009': ' ',
  '\u200A': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u202F': '\u00A0',
  '\u2007': '\u00A0',
  '\u200B': '',
  '\u2060': '',
  '\uFEFF': '',
  '\u2122': 'TM',
  '\u2116': 'No',
  // letters without a decomposition
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
};

/** `text` with only characters ISO 8859-15 has: plain forms for typography, accents dropped where latin-9 lacks the letter. */
export function toLatin9(text: string): string {
  let out = '';
  for (const ch of text) {
    if (LATIN9.has(ch)) out += ch;
    else if (ch in PLAIN) out += PLAIN[ch];
    else {
      // a letter latin-9 lacks (ă, ł, ş…): its base letter, when decomposing gives one
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].every((c) => LATIN9.has(c)) && base ? base : '?';
    }
  }
  return out;
}

/** The bytes of FEC text in the chosen encoding. */
export function encodeFec(text: string, encoding: FecEncoding): Buffer {
  return encoding === 'utf-8' ? Buffer.from(text, 'utf8') : iconv.encode(toLatin9(text), 'iso-8859-15');
}

/** About how much FEC text is encoded, and written, at a time. */
const FEC_CHUNK = 64 * 1024;

/**
 * The FEC file's bytes: each record followed by CRLF, encoded a chunk of about 64 kB at a time, as records come. The
 * same bytes as the whole text encoded at once: a chunk ends on a record's end, never inside a character, and both
 * encodings map each character on its own.
 */
export async function* fecChunks(records: AsyncIterable<string>, encoding: FecEncoding): AsyncGenerator<Buffer> {
  let chunk = '';
  for await (const record of records) {
    chunk += `${record}\r\n`;
    if (chunk.length > FEC_CHUNK) {
      yield encodeFec(chunk, encoding);
      chunk = '';
    }
  }
  if (chunk) yield encodeFec(chunk, encoding);
}

/** The Content-Type charset of an encoding. */
export const fecCharset = (encoding: FecEncoding) => (encoding === 'utf-8' ? 'utf-8' : 'ISO-8859-15');
