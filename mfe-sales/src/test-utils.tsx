// Helpers of the issue 14 component tests.
import { screen } from '@testing-library/react';

/**
 * A popup by its title text. In jsdom antd gives every dialog the same title id ('test-id'), so a popup opened over
 * a drawer or a table with its own labelled parts is not found by its accessible name.
 */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title, .ant-modal-title *' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}
