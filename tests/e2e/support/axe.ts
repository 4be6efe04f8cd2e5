import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Serious and critical axe violations (WCAG 2.1 A and AA rules) of the page as it settles: running
 * CSS transitions end first, since a button fading from its disabled grey to its colour is measured
 * mid-way otherwise, a contrast no one sees. Each as `id (impact): targets`. `targetSize` adds
 * WCAG 2.2's target-size rule (axe's own check of small controls beside the 44 px ones tests make).
 */
export async function seriousViolations(
  page: Page,
  { targetSize = false }: { targetSize?: boolean } = {},
): Promise<string[]> {
  // Endless ones (a spinner, a pulsing dot) never end and are left running.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) =>
            a.playState !== 'running' ||
            a.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const result = await new AxeBuilder({ page: page as never })
    .withTags([
      'wcag2a',
      'wcag2aa',
      'wcag21a',
      'wcag21aa',
      ...(targetSize ? ['wcag22aa'] : []),
    ])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}
