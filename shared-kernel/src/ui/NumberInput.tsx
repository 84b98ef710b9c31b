import { InputNumber, type InputNumberProps } from 'antd';
import type { WheelEvent } from 'react';

/** Spec §5: number inputs lose focus on mouse wheel (no accidental change while scrolling the page). */
export function NumberInput(props: InputNumberProps) {
  const { onWheel, ...rest } = props;
  return (
    <InputNumber
      decimalSeparator=","
      {...rest}
      onWheel={(e: WheelEvent<HTMLInputElement>) => {
        (e.target as HTMLElement).blur?.();
        onWheel?.(e);
      }}
    />
  );
}
