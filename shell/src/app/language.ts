// The page language (shared-kernel/i18n), re-rendering on change.
export { useLanguage } from 'shared-kernel/i18n';
