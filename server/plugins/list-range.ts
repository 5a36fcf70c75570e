// The date range of a partner's list and of its CSV download (docs/product/partner-portal.md#tables):
// `range` a preset (this_month, last_month, last_90_days) or `from` and `to` as days
// (YYYY-MM-DD), each optional. A day that is not one, or `to` before `from`, is a 422 at that
// field ("Wrong value", docs/product/errors-and-languages.md#the-api-conventions). Days are the program's
// calendar: a day runs from its midnight in the program's time zone to the next
// (docs/decisions/054-program-calendar.md), so a month here is the month the dashboard counts.
import { z } from 'zod';
import { isDay, LIST_RANGES, type ListRangeQuery } from '../../common/list-range';
import { sayKey } from '../i18n';
import { pagingQuery } from './paging';

const day = z
  .string({ error: sayKey('wrong_value') })
  .refine((text) => isDay(text), sayKey('wrong_value'))
  .optional()
  .describe('A day of the program’s calendar, YYYY-MM-DD');

const rangeFields = {
  range: z
    .enum(LIST_RANGES, { error: sayKey('wrong_value') })
    .optional()
    .describe(
      'A preset of the program’s calendar (`this_month`, `last_month`, `last_90_days`); `custom` or none reads `from` and `to`',
    ),
  from: day.describe('The first day (YYYY-MM-DD, program time zone), included'),
  to: day.describe('The last day (YYYY-MM-DD, program time zone), included'),
};

/** `to` before `from` is refused at `to`. */
function refineDays(query: ListRangeQuery, issue: z.RefinementCtx): void {
  if (isDay(query.from) && isDay(query.to) && query.to < query.from)
    issue.addIssue({ code: 'custom', path: ['to'], message: sayKey('wrong_value') });
}

/** A page of a list and its range. */
export const listQuery = pagingQuery().extend(rangeFields).superRefine(refineDays);
/** A list's CSV download: its range, every page. */
export const listExportQuery = z.object(rangeFields).superRefine(refineDays);
