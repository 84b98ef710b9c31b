import { CLIENT_IMPORT_MAX_ROWS, CLIENT_IMPORT_MESSAGES as M, type ClientImportField } from 'shared-kernel/contracts';
import { columnMatcher, headerKey, readHeadedTable } from '../../platform/imports';

/** A parsed file: unique non-empty headers and the data rows (strings, as many cells as headers). */
export interface ParsedSheet {
  headers: string[];
  rows: string[][];
}

/**
 * CSV (';' or ',' detected, UTF-8 with or without BOM, else Windows-1252) or XLSX (first sheet) → headers and rows,
 * read within the import bounds; 400 (413 for a workbook too big once inflated) naming `file`.
 */
export async function parseClientFile(buf: Buffer): Promise<ParsedSheet> {
  const table = await readHeadedTable(buf, {
    field: 'file',
    messages: { unreadable: M.badFile, empty: M.empty },
    limits: { maxRows: CLIENT_IMPORT_MAX_ROWS },
    csv: { guess: [';', ','], skipEmptyLines: 'greedy' },
  });
  return { headers: table.headers, rows: table.rows.map((r) => r.cells) };
}

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
const COLUMNS = columnMatcher(
  (Object.entries(SYNONYMS) as Array<[ClientImportField, string[]]>).map(([field, synonyms]) => ({ field, synonyms })),
);

/** header → client field for the headers recognised (each field once: the first matching column wins). */
export function suggestMapping(headers: string[]): Record<string, ClientImportField> {
  const out: Record<string, ClientImportField> = {};
  for (const c of COLUMNS.match(headers).columns) if (c.field && !c.duplicate) out[c.header] = c.field;
  return out;
}

/** A word of a cell compared as a header is (kind, civility, typology): no accents, case, spaces nor punctuation. */
export const normaliseWord = headerKey;
