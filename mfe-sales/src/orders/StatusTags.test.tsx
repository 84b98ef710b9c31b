import { render, screen } from '@testing-library/react';
import { STATUS_COLOR_GROUPS } from 'shared-kernel/domain';
import { ACCESSIBLE_GROUP_COLORS, OrderStatusTags, StatusTag } from './StatusTags';

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// axe color-contrast on /dashboard/orders — antd's preset orange / cyan / green tags were 3.3–3.4:1
describe('order status tags', () => {
  it('antd’s preset orange tag is under 4.5:1 (what axe reported)', () => {
    expect(contrast('#d46b08', '#fff7e6')).toBeLessThan(4.5);
  });

  it.each(STATUS_COLOR_GROUPS)('colour group %s: text at least 4.5:1 on its background and on white', (group) => {
    const { color, background } = ACCESSIBLE_GROUP_COLORS[group];
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('renders the French label, its group and those colours (inline: no stylesheet can lose to antd’s selectors)', () => {
    render(<StatusTag kind="order" status="pending" />);
    const tag = screen.getByText('En attente');
    expect(tag).toHaveAttribute('data-group', 'waiting');
    expect(tag).toHaveStyle({ color: ACCESSIBLE_GROUP_COLORS.waiting.color, background: ACCESSIBLE_GROUP_COLORS.waiting.background });
  });

  it('the list and the detail use them', () => {
    render(<OrderStatusTags status="validated" paymentStatus="paid" captions />);
    expect(screen.getByText('Validée')).toHaveStyle({ color: ACCESSIBLE_GROUP_COLORS.online.color });
    expect(screen.getByText('Payé')).toHaveStyle({ color: ACCESSIBLE_GROUP_COLORS.finished.color });
  });
});
