import type { LayoutProps } from './types';

/** 'default' layout: the page alone. */
export function DefaultLayout({ children }: LayoutProps) {
  return (
    <div className="wz-layout wz-layout--default" data-layout="default">
      <main className="wz-main">{children}</main>
    </div>
  );
}
export default DefaultLayout;
