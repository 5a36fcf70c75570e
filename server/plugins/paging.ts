// The paging query of every list (docs/product/errors-and-languages.md#the-api-conventions): `page` from 1, `length` up to 100;
// the page it answers is `pagedAnswer` of common/contracts/answers.ts.
import { z } from 'zod';
import { PAGING } from '../../common/statuses';
import { sayKey } from '../i18n';

const whole = (min: number, max: number) =>
  z.coerce
    .number({ error: sayKey('wrong_value') })
    .int(sayKey('wrong_value'))
    .min(min, sayKey('wrong_value'))
    .max(max, sayKey('wrong_value'));

export const pagingQuery = (defaultLength: number = PAGING.defaultLength) =>
  z.object({
    page: whole(1, 1_000_000).default(PAGING.defaultPage),
    length: whole(1, PAGING.maxLength).default(defaultLength),
  });

/** A page of a list as the API answers it (docs/product/errors-and-languages.md#the-api-conventions): the rows and where they stand. */
export const pageOf = <Row>(data: Row[], page: number, length: number, total: number) => ({
  data,
  current_page: page,
  per_page: length,
  last_page: Math.max(1, Math.ceil(total / length)),
  total,
});

/** A row's id in a path: a positive 32-bit integer, else 422 "Wrong value". */
export const idParams = z.object({
  id: z.coerce
    .number({ error: sayKey('wrong_value') })
    .int(sayKey('wrong_value'))
    .min(1, sayKey('wrong_value'))
    .max(2_147_483_647, sayKey('wrong_value')),
});
