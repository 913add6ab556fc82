import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Resolves once every running CSS animation and transition that has an end has ended. axe measures colour
 * contrast on the page as painted: a dialog still fading in (components/modal.module.css: fade-in on the
 * overlay, rise-in on the panel) is part transparent, so its text shows less contrast than it has a moment
 * later, and the check would pass or fail by timing. Endless animations (a spinner) are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
        )
        // A cancelled animation (its element left the page) rejects: nothing is left to wait for.
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The page as painted (animations ended): axe (WCAG 2.1 A and AA) finds no serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, where: string) {
  await animationsSettled(page);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
}

export const SHOTS = 'test-results/screenshots';

/**
 * An admin screen settled (no loading status, animations ended), then axe (WCAG 2.1 A and AA) finds no
 * serious or critical violation in it (or in `scope`, a dialog), and a screenshot lands in SHOTS for a
 * person: `admin-<name>.png`, full page unless scoped, and with `top` also the first screenful. `frames: false`
 * leaves frames out: a mail's sandboxed preview runs no script, so axe could never answer from inside it.
 */
export async function checkAdminScreen(
  page: Page,
  name: string,
  scope?: string,
  { top = false, frames = true } = {},
) {
  // A status with text (Loading...) is still working; the app's toast region is always there, empty (issue 27).
  await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0);
  await animationsSettled(page);
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
  const axe = frames
    ? new AxeBuilder({ page }).withTags(tags)
    : new AxeBuilder({ page })
        .setLegacyMode()
        .options({ runOnly: { type: 'tag', values: tags }, iframes: false });
  const result = await (scope ? axe.include(scope) : axe).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/admin-${name}.png`, fullPage: !scope });
  if (top && !scope) await page.screenshot({ path: `${SHOTS}/admin-${name}-top.png` });
}
