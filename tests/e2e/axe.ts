// One axe check for every spec: the WCAG 2.2 AA rules and best practice, read from a still page.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const MAX_ATTEMPTS = 5;

interface MotionWatch {
  axeSawMotion?: boolean;
}

/**
 * axe's findings on the page (or within `selector`). Axe reads colours as painted, so a toast fading in or out
 * blends into the page and fails contrast for a moment: wait until no finite animation runs (a spinner never
 * ends), and analyse again when one started while axe was reading.
 */
export async function axeViolations(page: Page, selector?: string) {
  for (let attempt = 1; ; attempt += 1) {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    );
    await page.evaluate(() => {
      const watch = window as MotionWatch;
      watch.axeSawMotion = false;
      const mark = () => (watch.axeSawMotion = true);
      for (const event of ['animationstart', 'transitionstart']) document.addEventListener(event, mark, { once: true });
    });
    const builder = new AxeBuilder({ page }).withTags(TAGS);
    const results = await (selector ? builder.include(selector) : builder).analyze();
    const sawMotion = await page.evaluate(() => (window as MotionWatch).axeSawMotion === true);
    if (sawMotion && attempt < MAX_ATTEMPTS) continue;
    return results.violations.map(({ id, help, nodes }) => ({
      id,
      help,
      targets: nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  }
}
