// A sub-partner lives at `/{slug}` (docs/product/partners-and-accounts.md#white-label-sub-partners): a path the server itself answers can never be
// one, or that sub-partner's page would be the server's route (`/metrics` once took a slug that
// staff could still create). Every first path segment the server routes must be reserved.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isPossibleSubpartnerSlug } from '../../../common/subpartners';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reserves the first segment of every route the server answers', () => {
  // The route tree's top level: lines that start at the left edge, e.g. `├── /metrics (GET, HEAD)`.
  const tree = t.app.printRoutes({ commonPrefix: false });
  const firsts = new Set(
    tree
      .split('\n')
      .map((line) => /^[├└]── \/([^/ (]*)/.exec(line)?.[1])
      .filter((segment): segment is string => Boolean(segment) && segment !== '*')
      .map((segment) => segment.split(/[.:]/)[0]!)
      .filter(Boolean),
  );
  expect([...firsts]).toContain('api');
  expect([...firsts]).toContain('metrics');
  expect([...firsts].filter((segment) => isPossibleSubpartnerSlug(segment))).toEqual([]);
});
