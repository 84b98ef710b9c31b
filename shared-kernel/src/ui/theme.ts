/**
 * The antd theme of the product: the shell's ConfigProvider and every separately mounted root (the cash register
 * parcel) use it. Texts dark enough for WCAG AA (4.5:1 on white): placeholders and secondary texts (antd's defaults
 * are 1.8 and 2.9), links (#1677ff: 4.1) and danger (#ff4d4f: 3.3).
 */
export const THEME = {
  token: {
    colorPrimary: '#7a1f3d',
    borderRadius: 6,
    colorTextPlaceholder: '#737373',
    colorTextDescription: '#595959',
    colorTextTertiary: '#595959',
    colorLink: '#7a1f3d',
    colorError: '#b42318',
  },
};
