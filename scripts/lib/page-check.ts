// What the screenshot scripts check on each page they shoot: no sideways overflow, and no axe
// (WCAG 2.1 AA) violation, in the whole page or in the part `include` names.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function pageProblems(
  page: Page,
  name: string,
  options: { include?: string } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) problems.push(`${name}: ${overflow}px of sideways overflow`);
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.include) axe = axe.include(options.include);
  const { violations } = await axe.analyze();
  for (const v of violations)
    problems.push(
      `${name}: ${v.id} (${v.impact}) ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
    );
  return problems;
}
