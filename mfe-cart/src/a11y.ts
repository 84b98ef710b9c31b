import type { CSSProperties } from 'react';

/**
 * antd's danger buttons take antd's colorError (#ff4d4f): 3.3:1 on white, under the 4.5:1 WCAG AA asks for their
 * 14–16 px label (axe color-contrast on /cart). Remotes render no ConfigProvider (DESIGN §2), so the cart's
 * danger buttons set antd 6's button colour variables themselves: a darker red of the same hue (6.6:1 on white,
 * 4.8:1 when hovered). Disabled buttons keep antd's disabled colours (other variables).
 */
export const DANGER_TEXT = '#b42318';
export const DANGER_BUTTON_STYLE = {
  '--ant-btn-color-base': DANGER_TEXT,
  '--ant-btn-color-hover': '#d92d20',
  '--ant-btn-color-active': '#912018',
} as CSSProperties;
