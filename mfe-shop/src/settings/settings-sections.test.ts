// mfe-shop's settings sections: what ./routes declares (and the build writes to dist/routes.json) matches what
// ./module lends, so the settings page never lists a section it cannot render.
import { settingsSectionMetaSchema } from 'shared-kernel/contracts';
import remoteModule from '../module';
import { settingsSections } from '../routes';

it('declares valid sections, each lent by ./module under its key, and nothing else', () => {
  for (const section of settingsSections) expect(settingsSectionMetaSchema.safeParse(section).error?.issues ?? []).toEqual([]);
  const keys = settingsSections.map((s) => s.key);
  expect(keys).toEqual(['iframes']);
  expect(Object.keys(remoteModule.settingsSections ?? {}).sort()).toEqual([...keys].sort());
});

it('keeps the access the api gives its endpoints and its place in the menu: the shop’s team', () => {
  expect(settingsSections.map((s) => [s.key, s.roles, s.permissions ?? [], s.order])).toEqual([['iframes', ['owner', 'iam'], [], 120]]);
});

it('writes out the English titles (but for the same words)', () => {
  expect(settingsSections.map((s) => [s.key, s.title, s.titleEn])).toEqual([['iframes', 'Iframes', 'Iframes']]);
});
