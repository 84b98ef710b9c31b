/**
 * The column map: which column of a file holds which field of the entity being imported. A customer's file names
 * its columns as its software or its author did (« Prénom », « PRENOM », « prénom : », « First name »), so a header
 * is compared through a key that ignores accents, case, spaces and punctuation, against the names each field is
 * declared with. Each field is read from one column, the first one naming it: a later column naming it again is
 * reported as a duplicate (the engines ignore it, the tariffs read it too), a column naming nothing as unknown.
 */

/** « Prénom du client : » → « prenom du client »: no accents, lower case, punctuation read as a space, spaces collapsed. */
export function normaliseHeader(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The comparison key of a header: its normal form without spaces, so « Code postal », « Code-postal » and
 * « CodePostal » are one name (« prenom », « codepostal »). Synonyms are declared in this form.
 */
export const headerKey = (s: string): string => normaliseHeader(s).replace(/ /g, '');

/** A field of an entity and the names a file may give its column. */
export interface DeclaredColumn<F extends string = string> {
  field: F;
  /** the header our own export writes, recognised before any synonym */
  header?: string;
  /** other names of the column (compared by their key, so written as keys or as headers alike) */
  synonyms?: readonly string[];
}

export interface ColumnMatcherOptions<F extends string> {
  /** names recognised before the declared headers and synonyms (a producer's software's own names for its export) */
  first?: Partial<Record<F, readonly string[]>>;
  /** the comparison key of a header and of a declared name (default: `headerKey`) */
  key?: (s: string) => string;
}

/** One column of the file as the matcher read it. */
export interface MatchedColumn<F extends string> {
  index: number;
  header: string;
  /** the field its header names, null when it names none (or is blank) */
  field: F | null;
  /** another column before it names the same field */
  duplicate: boolean;
}

export interface ColumnMatch<F extends string> {
  /** field → its column: the first one naming it */
  index: Map<F, number>;
  /** every column, in the file's order */
  columns: Array<MatchedColumn<F>>;
  /** the non-blank headers naming no field */
  unknown: Array<{ index: number; header: string }>;
  /** the columns naming a field an earlier column already names (`first`: that column) */
  duplicates: Array<{ index: number; header: string; field: F; first: number }>;
}

export interface ColumnMatcher<F extends string> {
  /** the field a header names, if any */
  fieldOf(header: string): F | undefined;
  /** the file's header line → the column map */
  match(headers: readonly string[]): ColumnMatch<F>;
}

/**
 * A matcher for an entity's columns. Precedence, when one name is declared twice: the `first` names, then the
 * declared headers, then the synonyms; within each, the declaration order.
 */
export function columnMatcher<F extends string>(
  columns: ReadonlyArray<DeclaredColumn<F>>,
  options: ColumnMatcherOptions<F> = {},
): ColumnMatcher<F> {
  const key = options.key ?? headerKey;
  const byKey = new Map<string, F>();
  const declare = (name: string, field: F) => {
    const k = key(name);
    if (k && !byKey.has(k)) byKey.set(k, field);
  };
  for (const [field, names] of Object.entries(options.first ?? {}) as Array<[F, readonly string[] | undefined]>)
    for (const n of names ?? []) declare(n, field);
  for (const c of columns) if (c.header !== undefined) declare(c.header, c.field);
  for (const c of columns) for (const n of c.synonyms ?? []) declare(n, c.field);

  const fieldOf = (header: string): F | undefined => byKey.get(key(header));

  return {
    fieldOf,
    match(headers) {
      const out: ColumnMatch<F> = { index: new Map(), columns: [], unknown: [], duplicates: [] };
      headers.forEach((header, index) => {
        const field = fieldOf(header) ?? null;
        const first = field === null ? undefined : out.index.get(field);
        out.columns.push({ index, header, field, duplicate: first !== undefined });
        if (field === null) {
          if (header.trim()) out.unknown.push({ index, header });
        } else if (first === undefined) out.index.set(field, index);
        else out.duplicates.push({ index, header, field, first });
      });
      return out;
    },
  };
}
