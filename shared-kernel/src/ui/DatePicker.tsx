import { DatePicker as AntDatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localeData from 'dayjs/plugin/localeData';
import updateLocale from 'dayjs/plugin/updateLocale';
import weekday from 'dayjs/plugin/weekday';
import 'dayjs/locale/fr';

dayjs.extend(customParseFormat);
dayjs.extend(updateLocale);
dayjs.extend(localeData);
dayjs.extend(weekday);
// Spec §5: weeks start on Monday in both languages (fr already does).
dayjs.updateLocale('en', { weekStart: 1 });

export interface DatePickerProps {
  /** ISO string (or a string in `outputFormat`), null when empty. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  /** Earliest/latest selectable day (ISO or Date). */
  min?: string | Date;
  max?: string | Date;
  /** Pick a month instead of a day. */
  month?: boolean;
  /** dayjs format of the value given to onChange; default ISO 8601 ('YYYY-MM-DD', 'YYYY-MM' in month mode). */
  outputFormat?: string;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
}

/** Display formats of spec §9. */
export const DISPLAY_DAY = 'DD/MM/YYYY';
export const DISPLAY_MONTH = 'MM/YYYY';

export function parsePickerValue(value: string | null | undefined, outputFormat?: string): Dayjs | null {
  if (!value) return null;
  const d = outputFormat ? dayjs(value, outputFormat, true) : dayjs(value);
  return d.isValid() ? d : null;
}

export function formatPickerValue(d: Dayjs | null, month: boolean, outputFormat?: string): string | null {
  if (!d) return null;
  return d.format(outputFormat ?? (month ? 'YYYY-MM' : 'YYYY-MM-DD'));
}

export function isOutOfBounds(d: Dayjs, min: string | Date | undefined, max: string | Date | undefined, unit: 'day' | 'month'): boolean {
  if (min && d.isBefore(dayjs(min), unit)) return true;
  if (max && d.isAfter(dayjs(max), unit)) return true;
  return false;
}

export function DatePicker({
  value,
  onChange,
  min,
  max,
  month = false,
  outputFormat,
  placeholder,
  disabled,
  allowClear = true,
  id,
}: DatePickerProps) {
  const unit = month ? 'month' : 'day';
  return (
    <AntDatePicker
      id={id}
      picker={month ? 'month' : 'date'}
      value={parsePickerValue(value, outputFormat)}
      format={month ? DISPLAY_MONTH : DISPLAY_DAY}
      placeholder={placeholder ?? (month ? 'MM/AAAA' : 'JJ/MM/AAAA')}
      disabled={disabled}
      allowClear={allowClear}
      disabledDate={(d) => isOutOfBounds(d, min, max, unit)}
      onChange={(d) => onChange(formatPickerValue(d, month, outputFormat))}
      styles={{ popup: { root: { maxWidth: 290 } } }}
    />
  );
}
