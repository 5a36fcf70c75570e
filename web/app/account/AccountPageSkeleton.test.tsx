// The account page's skeleton, which the entry shows before the router exists: it must find the
// page's title and lead by itself, with the route table's own patterns.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { AccountPageSkeleton, pathMatches } from './AccountPageSkeleton';

describe('pathMatches', () => {
  it.each([
    ['/account', '/account/', true],
    ['/account', '/account', true],
    ['/account/sales', '/account/sales/', true],
    ['/account/products/:code', '/account/products/acv', true],
    ['/account/products/:code', '/account/products', false],
    ['/account/products/:code', '/account/products/acv/more', false],
    ['/account/sales', '/account/cashout', false],
    ['/account', '/', false],
  ])('%s against %s: %s', (pattern, pathname, expected) => {
    expect(pathMatches(pattern, pathname)).toBe(expected);
  });
});

describe('AccountPageSkeleton', () => {
  it("shows the page's title and lead from the route table", () => {
    render(<AccountPageSkeleton pathname="/account/sales" />);
    const skeleton = screen.getByTestId('account-skeleton');
    expect(
      within(skeleton).getByRole('heading', { level: 1, name: i18n.t('titles.sales') }),
    ).toBeInTheDocument();
    expect(within(skeleton).getByText(i18n.t('pages.sales'))).toBeInTheDocument();
  });

  it('keeps the dashboard greeting line’s place, empty', () => {
    render(<AccountPageSkeleton pathname="/account/" />);
    expect(screen.getByRole('heading', { level: 1, name: i18n.t('titles.dashboard') })).toBeInTheDocument();
  });

  it('is the bare shell for a path the table does not know', () => {
    render(<AccountPageSkeleton pathname="/account/nowhere" />);
    expect(screen.getByTestId('account-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
