// shared-kernel/kit — the one way to build a back-office screen (docs/backoffice.md). Bundled into each remote like
// shared-kernel/query: no page-wide state of its own (the stores, the router and the i18n instance it uses are the
// shared singletons of shared-kernel/runtime, /router and /i18n).

// lists
export { listStateSchema, useUrlListState, multiEnum, serializeFilterValue } from './list/list-state';
export type {
  ApiQueryOf,
  FilterKeyOf,
  SortOf,
  FilterSchemas,
  FilterValues,
  ListApiQuery,
  ListState,
  ListStateOptions,
  ListStatePatch,
  ListStateSchema,
  SortValue,
  UrlListState,
} from './list/list-state';
export { ResourceTable, RowLink, csvColumnsOf, SEARCH_DEBOUNCE_MS } from './list/ResourceTable';
export type {
  ColumnsFor,
  FilterOption,
  ResourceColumn,
  ResourceTableExport,
  ResourceTableProps,
  ResourceTableSelection,
  ResourceTableTexts,
} from './list/ResourceTable';
export { toCsv, csvCell, downloadCsv, collectRows, CSV_BOM, CSV_SEPARATOR, CSV_EXPORT_CAP } from './list/csv';
export { downloadApiFile, downloadBlob } from './download';
export type { CsvColumn } from './list/csv';

// queries
export { createQueryKeys, useQueryKeys, useViewerKey, viewerKeyOf } from './query/keys';
export type { QueryKeyFactory, ResourceKeys, ViewerKey } from './query/keys';
export { createResourceHooks } from './query/resource-hooks';
export type { ResourceFetchers, ResourceHooks } from './query/resource-hooks';
export { QueryScope, withQueryScope } from 'shared-kernel/query';
export { isNotFoundError, isClientError, errorMessage, retryUnlessClientError } from './errors';

// forms
export { useZodForm } from './form/use-zod-form';
export type { FormSchema, ZodFormReturn } from './form/use-zod-form';
export { FormField } from './form/FormField';
export type { FieldA11y, FieldOption, FormFieldKind, FormFieldProps } from './form/FormField';
export { FormatSelect, FORMAT_SELECT_TEXTS } from './form/FormatSelect';
export type { FormatSelectOption, FormatSelectProps } from './form/FormatSelect';
export { ZodForm, SubmitButton } from './form/ZodForm';
export type { SubmitButtonProps, ZodFormProps } from './form/ZodForm';
export { applyServerErrors, toFieldPath } from './form/server-errors';
export { countryOptions } from './form/country-options';
export { EditableList } from './form/EditableList';
export type {
  EditableListAdd,
  EditableListArray,
  EditableListError,
  EditableListItem,
  EditableListMove,
  EditableListProps,
  EditableListRemove,
} from './form/EditableList';
export { useUnsavedChangesGuard } from './form/unsaved-changes';
export type { UnsavedChangesGuard } from './form/unsaved-changes';

// actions (a button's confirmation, run and snackbars)
export { useAction } from './action/use-action';
export type { Action, ActionConfirm, ActionOptions } from './action/use-action';

// detail pages
export { DetailLayout, DetailSection, useBackHref } from './detail/DetailLayout';
export type { DetailLayoutProps, DetailSectionProps, DetailStatus } from './detail/DetailLayout';
export { EditDrawer, useEditDrawer } from './detail/EditDrawer';
export type { EditDrawerProps, EditDrawerState } from './detail/EditDrawer';
export { ResourceNotFound } from './detail/ResourceNotFound';
export type { ResourceNotFoundProps } from './detail/ResourceNotFound';
export { QueryBoundary, useIdParam, parseId } from './detail/QueryBoundary';
export type { QueryBoundaryProps } from './detail/QueryBoundary';
export { LinkButton } from './detail/LinkButton';
export { useDeleteAction } from './detail/use-delete-action';
export type { DeleteActionOptions } from './detail/use-delete-action';
export type { LinkButtonProps } from './detail/LinkButton';

// the settings page every remote contributes sections to (DESIGN §8)
export { SettingsSections, settingsSectionEntries } from './settings/SettingsSections';
export { SectionFrame } from './settings/SectionFrame';
export type { SettingsSectionsProps } from './settings/SettingsSections';

// texts
export { defineTexts } from './texts/define-texts';
export type { DefinedTexts, PartialTexts, TextTree, TextValue, Texts } from './texts/define-texts';
export { kitTexts } from './kit-texts';

// rich text (Tiptap, §5 sanitised output, §9 sizes, headings and fonts)
export { RichTextEditor, type RichTextEditorHandle, type RichTextEditorProps } from './rich-text/RichTextEditor';
