// The hand-written dollars, numbers, percentages and dates (web/lib/plain-format.ts) must be
// what Intl writes in Chromium, the browser partners use, not only in Node (whose locale data can
// differ from the browser's): the comparison of web/lib/plain-format-cases.ts is bundled and run in
// Debian's Chromium, in each of its time zones, and every pair must be equal.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, ZONES } from '../../web/lib/plain-format-cases';
import type { Comparison } from '../../web/lib/plain-format-cases';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium';

const present = fs.existsSync(CHROMIUM);
const title = present
  ? 'plain-format in Chromium'
  : `plain-format in Chromium: SKIPPED, no Chromium at ${CHROMIUM} (apt-get install chromium)`;

// Only a machine without Chromium skips (CI installs it), and it says so.
if (!present) console.warn(title);

describe.skipIf(!present)(title, () => {
  let browser: Browser;
  let bundle: string;

  beforeAll(async () => {
    const built = await build({
      entryPoints: [path.resolve(import.meta.dirname, '../../web/lib/plain-format-cases.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'plainFormatCases',
      target: 'es2022',
      logLevel: 'silent',
    });
    bundle = built.outputFiles[0]!.text;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const zone of ZONES)
    it(`writes what Chromium's Intl writes (${LOCALES.join(' and ')}, ${zone})`, async () => {
      const context = await browser.newContext({ timezoneId: zone });
      try {
        const page = await context.newPage();
        await page.addScriptTag({ content: bundle });
        const result = await page.evaluate(() => {
          const cases = (
            globalThis as unknown as { plainFormatCases: { comparePlainFormat: () => Comparison } }
          ).plainFormatCases;
          return {
            zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            comparison: cases.comparePlainFormat(),
          };
        });
        expect(result.zone).toBe(zone);
        const { written, mismatches } = result.comparison;
        expect(mismatches).toEqual([]);
        // Each format wrote most of its inputs by hand: the comparison cannot pass on nulls alone.
        for (const locale of LOCALES)
          for (const what of ['money', 'number', 'percent', 'date', 'day-month', 'month', 'weekday', 'time'])
            expect(
              Object.entries(written)
                .filter(([kind]) => kind.startsWith(`${what} ${locale}`))
                .reduce((sum, [, count]) => sum + count, 0),
              `${what} ${locale}`,
            ).toBeGreaterThan(700);
      } finally {
        await context.close();
      }
    });
});
