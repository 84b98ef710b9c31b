import { Tag } from 'antd';
import { statusInfo, STATUS_GROUP_COLORS, type StatusKind } from '../domain/statuses';

export interface StatusTagProps {
  kind: StatusKind;
  status: string | null | undefined;
}

/** A status with its French label, coloured by its colour group (spec §4). */
export function StatusTag({ kind, status }: StatusTagProps) {
  const info = statusInfo(kind, status);
  return (
    <Tag color={STATUS_GROUP_COLORS[info.group]} data-group={info.group}>
      {info.label}
    </Tag>
  );
}
