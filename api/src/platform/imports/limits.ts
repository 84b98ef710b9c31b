/**
 * The bounds every import file is read within. A zipped workbook can declare (or hide) an uncompressed size a
 * thousand times its own, and a spreadsheet library holds every cell in memory: the bounds are checked on the
 * archive's directory before anything is inflated, again while inflating, and on the rows and columns of the
 * sheets before the workbook is built.
 */
export interface ImportLimits {
  /** files in the XLSX archive */
  maxEntries: number;
  /** uncompressed bytes of a worksheet or of the shared strings */
  maxSheetBytes: number;
  /** uncompressed bytes of any other part of the archive (styles, images…) */
  maxPartBytes: number;
  /** uncompressed bytes of the whole archive */
  maxTotalBytes: number;
  /** data rows (the header line aside) */
  maxRows: number;
  /** cells of a row (the last filled column of a spreadsheet row) */
  maxColumns: number;
  /** cells of the file (the sum over the rows of their last column): what a workbook costs in memory */
  maxCells: number;
}

const MB = 1024 * 1024;

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxEntries: 500,
  maxSheetBytes: 64 * MB,
  maxPartBytes: 8 * MB,
  maxTotalBytes: 128 * MB,
  maxRows: 50_000,
  maxColumns: 200,
  maxCells: 1_500_000,
};

/**
 * Rows of a file before the blank ones are set aside: a spreadsheet row numbered beyond this, or a CSV with more
 * records, is refused without reading further (blank lines are allowed, but not without end).
 */
export const maxLinesOf = (limits: ImportLimits) => limits.maxRows * 2 + 1;

const mb = (bytes: number) => `${Math.round(bytes / MB).toLocaleString('fr-FR')} Mo`;
const n = (x: number) => x.toLocaleString('fr-FR');

/** The French messages of the bounds (the module's own say what an unreadable, empty or too long file is). */
export const IMPORT_LIMIT_MESSAGES = {
  tooManyEntries: (max: number) => `Le classeur XLSX contient plus de ${n(max)} fichiers : ce n’est pas un classeur importable`,
  partTooBig: (name: string, max: number) =>
    `Le classeur XLSX est trop volumineux une fois décompressé (« ${name} » dépasse ${mb(max)}) : découpez-le en plusieurs fichiers`,
  totalTooBig: (max: number) =>
    `Le classeur XLSX est trop volumineux une fois décompressé (plus de ${mb(max)}) : découpez-le en plusieurs fichiers`,
  sizeMismatch: 'Le classeur XLSX est corrompu : son contenu décompressé dépasse la taille qu’il annonce',
  tooManyRows: (max: number) => `Le fichier contient plus de ${n(max)} lignes`,
  tooManyColumns: (max: number) => `Le fichier contient plus de ${n(max)} colonnes`,
  tooManyCells: (max: number) => `Le fichier contient plus de ${n(max)} cellules : découpez-le en plusieurs fichiers`,
} as const;
