/** A reference-data entry: stable value stored in data, French label shown in the UI. */
export interface RefOption<V extends string | number = string> {
  readonly value: V;
  readonly label: string;
}

/** Label of a value in a list (the raw value when unknown). */
export function refLabel<V extends string | number>(list: readonly RefOption<V>[], value: V | null | undefined): string {
  if (value === null || value === undefined) return '';
  return list.find((o) => o.value === value)?.label ?? String(value);
}
