import { waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/** Picks `label` in an antd Select: it draws each Select's options in a popup of its own. */
export async function choose(user: ReturnType<typeof userEvent.setup>, select: HTMLElement, label: string): Promise<void> {
  await user.click(select);
  const popup = await waitFor(() => {
    const shown = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter((el) => !el.className.includes('hidden'));
    expect(shown.length).toBeGreaterThan(0);
    return shown.at(-1)!;
  });
  await user.click(within(popup).getByTitle(label));
}

/** antd's breakpoints read matchMedia: answer as a window `width` px wide would (the caller restores the original). */
export function setViewport(width: number): void {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)/.exec(query);
    const max = /max-width:\s*(\d+)/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { matches, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false } as MediaQueryList;
  };
}
