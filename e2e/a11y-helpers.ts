import type { Page } from '@playwright/test';

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
