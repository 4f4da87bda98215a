import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// What journeys check of a page they open: that it is accessible, and that it fits the window.

/** Serious and critical accessibility problems of the page's main region (the shell is not ours). */
export async function seriousProblems(page: Page, scope = 'main'): Promise<string[]> {
  return (await new AxeBuilder({ page }).include(scope).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How far the page is wider than the window: above 0, it scrolls sideways. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}
