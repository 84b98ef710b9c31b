// The frame of the operator's screens: title and the links between them (/admin, orders, products, shops, users).
import type { ReactNode } from 'react';
import { Flex, Typography, theme } from 'antd';
import { NavLink } from 'shared-kernel/router';
import { useTexts } from './console.texts';

export function ConsolePage({ title, children }: { title: string; children: ReactNode }) {
  const t = useTexts();
  const { token } = theme.useToken();
  const links: Array<[string, string]> = [
    ['/admin', t.dashboard],
    ['/admin/shops', t.shops],
    ['/admin/orders', t.orders],
    ['/admin/products', t.products],
    ['/admin/users', t.users],
  ];
  return (
    <Flex vertical gap={16} style={{ padding: token.padding }}>
      <Typography.Title level={1} style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>
        {title}
      </Typography.Title>
      <nav aria-label={t.dashboard}>
        <Flex gap={16} wrap>
          {links.map(([to, label]) => (
            <NavLink key={to} to={to} end>
              {label}
            </NavLink>
          ))}
        </Flex>
      </nav>
      {children}
    </Flex>
  );
}
