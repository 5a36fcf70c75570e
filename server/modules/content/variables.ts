// Program values in the pages (`{{minimum_payout}}`...): the FAQ and the terms name the payout
// minimum, the holding period and the commission range, so they must follow the settings staff
// change, in the reader's language, instead of repeating numbers that go stale.
import { PAGE_VARIABLES } from '../../../common/content';
import type { PageContent, PageVariable } from '../../../common/content';
import type { Locale } from '../../../common/i18n';
import type { Db } from '../../db';
import { formatMoney } from '../notifications/service';
import { allTiers } from '../ledger/service';
import { readHoldingPeriodDays, readPayoutRules } from '../settings/service';
import { readProgramCurrency } from '../settings';

const VARIABLE = /\{\{\s*([a-z_]+)\s*\}\}/g;

export type PageValues = Record<PageVariable, string>;

/** Applies `change` to every piece of text a page holds (title, lead, headings, blocks). */
export function mapPageText(page: PageContent, change: (text: string) => string): PageContent {
  return {
    ...page,
    title: change(page.title),
    lead: change(page.lead),
    sections: page.sections.map((section) => ({
      ...section,
      heading: change(section.heading),
      ...(section.group === undefined ? {} : { group: change(section.group) }),
      blocks: section.blocks.map((block) =>
        'items' in block
          ? { ...block, items: block.items.map(change) }
          : { ...block, text: change(block.text) },
      ),
    })),
  };
}

/** The `{{names}}` a page uses that the program cannot fill (a typo in an edit, an old name). */
export function unknownPageVariables(page: PageContent): string[] {
  const unknown = new Set<string>();
  mapPageText(page, (text) => {
    for (const match of text.matchAll(VARIABLE)) {
      if (!(PAGE_VARIABLES as readonly string[]).includes(match[1]!)) unknown.add(match[1]!);
    }
    return text;
  });
  return [...unknown];
}

export function fillPageVariables(page: PageContent, values: PageValues): PageContent {
  return mapPageText(page, (text) =>
    text.replace(VARIABLE, (whole, name: string) =>
      (PAGE_VARIABLES as readonly string[]).includes(name) ? values[name as PageVariable] : whole,
    ),
  );
}

const numberTag = (locale: Locale) => (locale === 'fr' ? 'fr-CA' : 'en-US');

// A formatter costs far more to build than to use, and every page read fills its values.
const formats = new Map<string, { percent: Intl.NumberFormat; number: Intl.NumberFormat }>();
function formatsOf(locale: Locale) {
  let found = formats.get(locale);
  if (!found) {
    const tag = numberTag(locale);
    found = {
      percent: new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }),
      number: new Intl.NumberFormat(tag),
    };
    formats.set(locale, found);
  }
  return found;
}

/** The program's values as a reader of `locale` writes them ("$25.00" / "25,00 $ US", "10%" / "10 %"). */
export async function pageValues(db: Db, locale: Locale): Promise<PageValues> {
  const [rules, tiers, holdingDays, currency] = await Promise.all([
    readPayoutRules(db),
    allTiers(db),
    readHoldingPeriodDays(db),
    readProgramCurrency(db),
  ]);
  const rates = tiers.map((tier) => tier.rate_bp);
  const { percent, number } = formatsOf(locale);
  const rate = (bp: number | undefined) => percent.format((bp ?? 0) / 10_000);
  return {
    minimum_payout: formatMoney(rules.minimumCents, locale, currency),
    manager_threshold: formatMoney(rules.managerThresholdCents, locale, currency),
    holding_days: number.format(holdingDays),
    commission_min: rate(rates.length ? Math.min(...rates) : undefined),
    commission_max: rate(rates.length ? Math.max(...rates) : undefined),
  };
}
