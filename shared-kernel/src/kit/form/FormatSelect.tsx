// The picker of a catalogue format ('Produit – 2022 – 75 cl'): a select searched on the server, value = the format's
// id. The remote keeps its own query (each reads another endpoint or passes a client's tariff) and hands the options
// in; the select is the same everywhere. Put it in a FormField's `render` with the field's value and `a11y`.
import type { ReactNode } from 'react';
import { Select } from 'antd';
import type { FieldA11y } from './FormField';

export interface FormatSelectOption {
  value: number;
  label: string;
}

export interface FormatSelectProps<O extends FormatSelectOption = FormatSelectOption> {
  value: number | null | undefined;
  /** the chosen id (null when cleared) and its option */
  onChange: (value: number | null, option: O | undefined) => void;
  /** the formats found for the current search (undefined while the first search runs) */
  options: readonly O[] | undefined;
  /** the text typed in the search box: fetch the formats matching it */
  onSearch: (q: string) => void;
  loading?: boolean;
  /**
   * The chosen format's label, shown when the current search did not return it (a saved line): without it the select
   * shows the bare id.
   */
  selectedLabel?: string;
  /** how an option reads in the list (its label by default); the plain label stays its tooltip */
  renderOption?: (option: O) => ReactNode;
  /** default 'Rechercher un produit' */
  placeholder?: string;
  /** shown when the search finds nothing (default 'Aucun format'); null keeps antd's empty picture */
  emptyText?: string | null;
  allowClear?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
  a11y?: FieldA11y;
}

export const FORMAT_SELECT_TEXTS = { placeholder: 'Rechercher un produit', empty: 'Aucun format', loading: 'Chargement…' };

export function FormatSelect<O extends FormatSelectOption = FormatSelectOption>({
  value,
  onChange,
  options,
  onSearch,
  loading = false,
  selectedLabel,
  renderOption,
  placeholder = FORMAT_SELECT_TEXTS.placeholder,
  emptyText = FORMAT_SELECT_TEXTS.empty,
  allowClear,
  disabled,
  onBlur,
  a11y,
}: FormatSelectProps<O>) {
  const found = options ?? [];
  const items: Array<{ value: number; label: ReactNode; title?: string }> = found.map((o) => ({
    value: o.value,
    label: renderOption ? renderOption(o) : o.label,
    title: o.label,
  }));
  if (value && selectedLabel !== undefined && !found.some((o) => o.value === value)) {
    items.unshift({ value, label: selectedLabel, title: selectedLabel || undefined });
  }
  return (
    <Select<number>
      {...a11y}
      showSearch={{ filterOption: false, onSearch }}
      allowClear={allowClear}
      value={value ?? undefined}
      onChange={(v) =>
        onChange(
          v ?? null,
          found.find((o) => o.value === v),
        )
      }
      onBlur={onBlur}
      disabled={disabled}
      loading={loading}
      placeholder={placeholder}
      notFoundContent={emptyText === null ? undefined : loading ? FORMAT_SELECT_TEXTS.loading : emptyText}
      options={items}
      style={{ width: '100%' }}
    />
  );
}
