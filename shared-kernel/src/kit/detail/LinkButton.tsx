import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'shared-kernel/router';

export interface LinkButtonProps extends Omit<ButtonProps, 'href'> {
  to: string;
  state?: unknown;
}

/** An antd button that is a real link (`<a href>`: ctrl/cmd-click opens a tab) navigating inside the app on a plain click. */
export function LinkButton({ to, state, onClick, ...rest }: LinkButtonProps) {
  const navigate = useNavigate();
  return (
    <Button
      {...rest}
      href={to}
      onClick={(e: MouseEvent<HTMLElement>) => {
        onClick?.(e as never);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(to, { state });
      }}
    />
  );
}
