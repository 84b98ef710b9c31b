// `shared-kernel/texts`: defineTexts alone (React and the i18n language, no antd), for the public pages (sign-in, shop,
// cart) whose first load must stay light; back-office screens take it from `shared-kernel/kit` like the rest.
export { defineTexts } from './define-texts';
export type { DefinedTexts, PartialTexts, TextTree, TextValue, Texts } from './define-texts';
