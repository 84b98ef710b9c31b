// 'Exports': the fiscal year (the current one by default, ?year= in the URL), its FEC with the checks, the
// accountant's export of a period, and the collected VAT per month.
import { Flex } from 'antd';
import { FiscalYearPicker } from '../FiscalYearPicker';
import { ExportCard } from './ExportCard';
import { FecCard } from './FecCard';
import { VatCard } from './VatCard';

export function ExportsTab() {
  return (
    <FiscalYearPicker id="exports-year">
      {(year) => (
        <Flex vertical gap={16} style={{ minWidth: 0 }}>
          <FecCard year={year.year} />
          <ExportCard year={year} />
          <VatCard year={year} />
        </Flex>
      )}
    </FiscalYearPicker>
  );
}
