import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { AnalyticsPeriod } from 'shared-kernel/contracts';
import { useTexts } from '../texts';
import { periodPresets } from './period';

/** antd RangePicker with the four presets; days shown dd/MM/yyyy. */
export function PeriodPicker({ value, onChange }: { value: AnalyticsPeriod; onChange: (p: AnalyticsPeriod) => void }) {
  const t = useTexts();
  const p = periodPresets();
  return (
    <DatePicker.RangePicker
      aria-label={t.period}
      format="DD/MM/YYYY"
      allowClear={false}
      value={[dayjs(value.from), dayjs(value.to)]}
      presets={[
        { label: t.presets.thisMonth, value: p.thisMonth },
        { label: t.presets.lastMonth, value: p.lastMonth },
        { label: t.presets.thisYear, value: p.thisYear },
        { label: t.presets.last12, value: p.last12 },
      ]}
      onChange={(range) => {
        if (range?.[0] && range[1]) onChange({ from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') });
      }}
    />
  );
}
