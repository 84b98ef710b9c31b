import { Tag } from 'antd';
import { statusInfo, type StatusColorGroup, type StatusKind } from '../domain/statuses';

/**
 * Text, background and border of each status colour group (spec §4: waiting orange, cancel grey, online light blue,
 * finished green, error red). antd 6's preset tag colours (orange-7 on orange-1…) are about 3.3:1, under the 4.5:1
 * WCAG AA asks for their 12 px text (axe color-contrast), and a stylesheet rule loses to antd's
 * `.ant-tag.ant-tag-orange:not(.ant-tag-disabled).ant-tag-filled`: the same hues, darker text, inline. Every pair is
 * at least 4.5:1 (mfe-sales/src/orders/StatusTags.test.tsx computes it).
 */
export const ACCESSIBLE_STATUS_COLORS: Readonly<Record<StatusColorGroup, { color: string; background: string; borderColor: string }>> = {
  waiting: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
  cancel: { color: '#434343', background: '#fafafa', borderColor: '#d9d9d9' },
  online: { color: '#00474f', background: '#e6fffb', borderColor: '#87e8de' },
  finished: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  error: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
};

export interface StatusTagProps {
  kind: StatusKind;
  status: string | null | undefined;
}

/** A status with its French label, in its colour group's accessible colours (spec §4). */
export function StatusTag({ kind, status }: StatusTagProps) {
  const info = statusInfo(kind, status);
  return (
    <Tag data-group={info.group} style={ACCESSIBLE_STATUS_COLORS[info.group]}>
      {info.label}
    </Tag>
  );
}
