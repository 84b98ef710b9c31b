// A cash gap (counted − expected): red when short, orange when over, plain when nil; '—' when there was no count.
import { Typography } from 'antd';
import { formatCents } from 'shared-kernel/domain';
import type { useTexts } from '../../texts';

export function Gap({ t, gap }: { t: ReturnType<typeof useTexts>; gap: number | null }) {
  if (gap === null) return <>{t.none}</>;
  if (gap === 0) return <span style={{ whiteSpace: 'nowrap' }}>{formatCents(0)}</span>;
  return (
    <Typography.Text type={gap < 0 ? 'danger' : 'warning'} strong data-gap={gap < 0 ? 'short' : 'over'} style={{ whiteSpace: 'nowrap' }}>
      {gap > 0 ? '+' : ''}
      {formatCents(gap)}
    </Typography.Text>
  );
}
