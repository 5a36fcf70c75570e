// The registry drives the shell: a section added to it appears in the navigation of the roles
// it names, gets its routes, and stays closed to the others, with nothing else changed.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeManagerToken } from '../../lib/session';
import { installFakeApi, type FakeApi } from '../../test/fake-api';
import { serveOverview } from '../../test/overview-fixtures';
import { payoutQueue } from '../../test/payouts-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';
import type * as Registry from './sections';

vi.mock('./sections', async (importOriginal) => {
  const actual = await importOriginal<typeof Registry>();
  const LabTestPage = () => <h1>Lab test page</h1>;
  const lab: Registry.ManagerSection = {
    id: 'lab',
    path: 'lab',
    // Not in the catalogs: i18next shows the key, enough for a test.
    labelKey: 'manager.sections.test_lab' as Registry.ManagerSection['labelKey'],
    icon: 'settings',
    minRole: 'admin',
    pages: [{ path: '', load: () => Promise.resolve(LabTestPage) }],
  };
  const sections = [...actual.MANAGER_SECTIONS, lab];
  return {
    ...actual,
    MANAGER_SECTIONS: sections,
    sectionsFor: (role: string | undefined) => actual.sectionsFor(role, sections),
    sectionOf: (pathname: string) => actual.sectionOf(pathname, sections),
    sectionRoutes: () => actual.sectionRoutes(sections),
  };
});

let fake: FakeApi;
function staffAs(role: string) {
  fake.on('GET /api/manager/me', () =>
    jsonResponse(200, { data: { id: 3, email: `${role}@sunbite.example`, name: `Sam ${role}`, role } }),
  );
  storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });
}

beforeEach(() => {
  fake = installFakeApi();
  fake.on('GET /api/manager/payouts', () => jsonResponse(200, payoutQueue()));
  serveOverview(fake);
});

const navLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Back-office sections' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('a section added to the registry', () => {
  it('is in an admin’s navigation, after the registry’s own sections, and its page opens', async () => {
    staffAs('admin');
    const { user } = renderApp('/manager/payouts');
    expect(await navLinks()).toEqual([
      '/manager/overview',
      '/manager/payouts',
      '/manager/partners',
      '/manager/subpartners',
      '/manager/marketplace',
      '/manager/content',
      '/manager/announcements',
      '/manager/notifications',
      '/manager/promotions',
      '/manager/challenges',
      '/manager/survey',
      '/manager/audit',
      '/manager/settings',
      '/manager/staff',
      '/manager/lab',
    ]);
    await user.click(screen.getByTestId('manager-nav-lab'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lab test page' })).toBeInTheDocument();
  });

  it('is not in a reviewer’s navigation, and opening it says the role does not open it', async () => {
    staffAs('reviewer');
    renderApp('/manager/lab');
    expect(await screen.findByTestId('manager-forbidden')).toHaveTextContent('Administrator');
    expect(await navLinks()).toEqual([
      '/manager/overview',
      '/manager/payouts',
      '/manager/partners',
      '/manager/subpartners',
    ]);
    expect(screen.queryByRole('heading', { name: 'Lab test page' })).toBeNull();
  });

  it('leaves /manager opening the first section the role may see', async () => {
    staffAs('reviewer');
    const { router } = renderApp('/manager');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/overview'));
  });
});
