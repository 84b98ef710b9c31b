import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { CLIENT_IMPORT_MAX_ROWS, CLIENT_IMPORT_MESSAGES as M, type ClientImportField } from 'shared-kernel/contracts';
import { HttpError } from '../../platform/errors';

/** A parsed file: unique non-empty headers and the data rows (strings, as many cells as headers). */
export interface ParsedSheet {
  headers: string[];
  rows: string[][];
}

const isXlsx = (buf: Buffer) => buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;

/** UTF-8 (with or without BOM); a file that is not valid UTF-8 is read as Windows-1252 (old Excel CSV exports). */
function decodeText(buf: Buffer): string {
  if (buf.includes(0)) throw new HttpError(400, M.badFile, 'file');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    text = new TextDecoder('windows-1252').decode(buf);
  }
  return text.replace(/^\uFEFF/, '');
}

function parseCsv(buf: Buffer): string[][] {
  const result = Papa.parse<string[]>(decodeText(buf), {
    delimitersToGuess: [';', ','],
    skipEmptyLines: 'greedy',
  });
  return result.data.map((r) => r.map((c) => (c ?? '').toString()));
}

async function parseXlsx(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw new HttpError(400, M.badFile, 'file');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw new HttpError(400, M.empty, 'file');
  const out: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let i = 1; i <= row.cellCount; i++) cells.push(row.getCell(i).text ?? '');
    if (cells.some((c) => c.trim())) out.push(cells);
  });
  return out;
}

/** CSV (';' or ',' detected, UTF-8 with or without BOM) or XLSX (first sheet) → headers and rows; 400 naming `file`. */
export async function parseClientFile(buf: Buffer): Promise<ParsedSheet> {
  if (!buf.length) throw new HttpError(400, M.empty, 'file');
  const table = isXlsx(buf) ? await parseXlsx(buf) : parseCsv(buf);
  const [head, ...body] = table;
  if (!head || !body.length) throw new HttpError(400, M.empty, 'file');
  if (body.length > CLIENT_IMPORT_MAX_ROWS) throw new HttpError(400, M.tooManyRows, 'file');
  const seen = new Map<string, number>();
  const headers = head.map((h, i) => {
    const base = h.trim() || `Colonne ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n > 1 ? `${base} (${n})` : base;
  });
  const rows = body.map((r) => headers.map((_, i) => (r[i] ?? '').trim()));
  return { headers, rows };
}

const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Header names (French and English, normalised: no accents, case, spaces nor punctuation) of each client field. */
const SYNONYMS: Record<ClientImportField, string[]> = {
  kind: ['type', 'kind', 'typeclient', 'typedeclient', 'categorie', 'category', 'clienttype'],
  civility: ['civilite', 'civility', 'titre', 'title', 'salutation'],
  firstname: ['prenom', 'firstname', 'givenname', 'first'],
  lastname: ['nom', 'lastname', 'nomdefamille', 'surname', 'familyname', 'name', 'last'],
  company: [
    'societe',
    'entreprise',
    'raisonsociale',
    'company',
    'companyname',
    'business',
    'organisation',
    'organization',
    'etablissement',
  ],
  email: ['email', 'mail', 'courriel', 'emailaddress', 'adressemail', 'adresseemail', 'adressemel', 'mel'],
  phone: ['telephone', 'tel', 'phone', 'telfixe', 'fixe', 'phonenumber', 'numerodetelephone'],
  mobile: ['mobile', 'portable', 'telportable', 'telephoneportable', 'telephonemobile', 'cellphone', 'cell', 'gsm', 'mobilephone'],
  siret: ['siret', 'numerosiret', 'nsiret', 'siretnumber'],
  vatNumber: ['tva', 'numerotva', 'ntva', 'tvaintracommunautaire', 'numerodetva', 'vat', 'vatnumber', 'vatid'],
  street: ['adresse', 'address', 'rue', 'street', 'adresse1', 'address1', 'voie'],
  street2: ['complement', 'complementdadresse', 'adresse2', 'address2', 'street2'],
  zipcode: ['codepostal', 'cp', 'zip', 'zipcode', 'postalcode', 'postcode'],
  city: ['ville', 'city', 'commune', 'town', 'localite'],
  country: ['pays', 'country'],
  typology: ['typologie', 'typology', 'typologietarifaire', 'pricelist'],
  tags: ['tags', 'tag', 'etiquettes', 'etiquette', 'labels', 'motscles'],
  notes: ['notes', 'note', 'commentaire', 'commentaires', 'comment', 'comments', 'remarques', 'remarque', 'observations'],
};
const BY_SYNONYM = new Map<string, ClientImportField>(
  Object.entries(SYNONYMS).flatMap(([field, names]) => names.map((n) => [n, field as ClientImportField] as const)),
);

/** header → client field for the headers recognised (each field once: the first matching column wins). */
export function suggestMapping(headers: string[]): Record<string, ClientImportField> {
  const out: Record<string, ClientImportField> = {};
  const taken = new Set<ClientImportField>();
  for (const h of headers) {
    const field = BY_SYNONYM.get(norm(h));
    if (field && !taken.has(field)) {
      out[h] = field;
      taken.add(field);
    }
  }
  return out;
}

export const normaliseWord = norm;
