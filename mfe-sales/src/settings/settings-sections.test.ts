// mfe-sales' settings sections: what ./routes declares (and the build writes to dist/routes.json) matches what
// ./module lends, so the settings page never lists a section it cannot render.
import { settingsSectionMetaSchema } from 'shared-kernel/contracts';
import salesModule from '../module';
import { settingsSections } from '../routes';

it('declares valid sections, each lent by ./module under its key, and nothing else', () => {
  for (const section of settingsSections) expect(settingsSectionMetaSchema.safeParse(section).error?.issues ?? []).toEqual([]);
  const keys = settingsSections.map((s) => s.key);
  expect(keys).toEqual(['billing', 'delivery', 'documents']);
  expect(Object.keys(salesModule.settingsSections ?? {}).sort()).toEqual([...keys].sort());
});

it('keeps the access the api gives their endpoints: billing and documents the owner’s, delivery manageDelivery', () => {
  expect(settingsSections.map((s) => [s.key, s.roles, s.permissions ?? []])).toEqual([
    ['billing', ['owner'], []],
    ['delivery', ['owner', 'iam'], ['manageDelivery']],
    ['documents', ['owner'], []],
  ]);
});
