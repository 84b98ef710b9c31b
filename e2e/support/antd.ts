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
  // The list scrolls to the current value as it opens: a click that lands while it re-renders is lost and the list
  // stays open. Click the option again until the list closes (the same option each time, so never another value).
  await expect(async () => {
    if (await open.count()) await open.locator(`.ant-select-item-option[title="${option}"]`).click({ timeout: 2000 });
    await expect(open).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 10_000 });
}
