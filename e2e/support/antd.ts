import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks `option` in the antd Select labelled `label`. Only the open list is searched (a list that was just closed
 * keeps its options in the page, hidden, while it fades out: under a loaded CPU a click could aim at that one), and
 * the list is waited closed afterwards so that the next pick never finds this one.
 */
export async function pickOption(page: Page, label: RegExp | string, option: string, scope: Page | Locator = page): Promise<void> {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(open).toHaveCount(0);
  await scope.getByRole('combobox', { name: label }).click();
  await open.locator(`.ant-select-item-option[title="${option}"]`).click();
  await expect(open).toHaveCount(0);
}
