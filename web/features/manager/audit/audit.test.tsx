import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storeManagerToken } from '../../../lib/session';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { jsonResponse, renderApp } from '../../../test/render-app';
import type { AuditFacets, AuditLine, AuditPage } from './audit-api';

let fake: FakeApi;
const PARTNER = { uuid: '5b0e8a8e-2f1c-4f4e-9a51-1d0c3f2a7e10', name: 'Maya Tremblay' };
const MONA = { id: 3, name: 'Mona Manager', email: 'mona@sunbite.example', role: 'manager' };
const ADA = { id: 4, name: 'Ada Admin', email: 'ada@sunbite.example', role: 'admin' };

function staffAs(role: string) {
  fake.on('GET /api/manager/me', () =>
    jsonResponse(200, { data: { id: 3, email: `${role}@sunbite.example`, name: `Sam ${role}`, role } }),
  );
}

function line(id: number, overrides: Partial<AuditLine> = {}): AuditLine {
  return {
    id,
    created_at: '2026-03-10T15:30:00.000Z',
    actor: MONA,
    action: 'promotion.update',
    entity: 'promotion',
    entity_id: '12',
    before: { content: { en: { title: 'Spring', body: 'Twenty percent off.' } }, ends_on: '2026-03-31' },
    after: { content: { en: { title: 'Spring sale', body: 'Twenty percent off.' } }, ends_on: '2026-04-15' },
    partner: null,
    ...overrides,
  };
}

function page(rows: AuditLine[], current = 1, last = 1, total = rows.length, capped = false): AuditPage {
  return { data: rows, current_page: current, per_page: 20, last_page: last, total, total_capped: capped };
}

const FACETS: AuditFacets = {
  actors: [ADA, MONA],
  actions: [
    'promotion.create',
    'promotion.update',
    'promotion.delete',
    'payout.approve',
    'partner.suspend',
    'gadget.tune',
  ],
  entities: ['promotion', 'payout', 'partner', 'gadget'],
};

const listQueries = () =>
  fake.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/manager/audit')
    .map((url) => Object.fromEntries(url.searchParams.entries()));

/** The API's bounds of local days, as the page computes them. */
const dayStart = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString();
const dayEnd = (y: number, m: number, d: number) =>
  new Date(new Date(y, m - 1, d + 1).getTime() - 1).toISOString();

beforeEach(() => {
  fake = installFakeApi();
  staffAs('manager');
  storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });
  fake.on('GET /api/manager/audit/facets', () => jsonResponse(200, { data: FACETS }));
  fake.on('GET /api/manager/audit', ({ url }) => {
    const current = Number(url.searchParams.get('page') ?? 1);
    return jsonResponse(
      200,
      page(
        [line(current * 100 + 1), line(current * 100 + 2, { action: 'promotion.create', before: null })],
        current,
        3,
        45,
      ),
    );
  });
});

describe('the audit log section', () => {
  it('is in a manager’s navigation after the survey, with its title', async () => {
    renderApp('/manager/audit');
    const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links.indexOf('/manager/audit')).toBe(links.indexOf('/manager/survey') + 1);
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Audit log · Sunbite Partners'));
  });

  it('is closed to reviewers', async () => {
    staffAs('reviewer');
    renderApp('/manager/audit');
    expect(await screen.findByTestId('manager-forbidden')).toHaveTextContent('Manager');
    expect(listQueries()).toEqual([]);
  });
});

describe('the audit log', () => {
  it('asks for the first page, 20 a page, with the staff token, and says how many changes there are', async () => {
    renderApp('/manager/audit');
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(2);
    expect(listQueries()).toEqual([{ page: '1', length: '20' }]);
    expect(new Headers(fake.lastInit('GET /api/manager/audit')?.headers).get('Authorization')).toBe(
      'Bearer staff-token',
    );
    expect(screen.getByTestId('audit-total')).toHaveTextContent('45 changes');
    fireEvent.click(screen.getByTestId('audit-pager-next'));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '2', length: '20' }));
  });

  it('puts each filter in the URL, asks the server with it, and starts again at page 1', async () => {
    const { user, router } = renderApp('/manager/audit?page=2');
    await screen.findAllByTestId('audit-row');
    const actor = await screen.findByRole('combobox', { name: 'Staff member' });
    await waitFor(() =>
      expect(within(actor).getByRole('option', { name: 'Mona Manager (Manager)' })).toBeInTheDocument(),
    );
    await user.selectOptions(actor, '3');
    await waitFor(() => expect(router.state.location.search).toBe('?actor=3'));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ actor: '3', page: '1', length: '20' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Item' }), 'promotion');
    await waitFor(() => expect(router.state.location.search).toBe('?actor=3&entity=promotion'));
    // The actions of promotions only, by their words.
    const action = screen.getByRole('combobox', { name: 'Action' });
    await waitFor(() =>
      expect(
        within(action)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any action', 'Promotion created', 'Promotion edited', 'Promotion deleted']),
    );
    await user.selectOptions(action, 'promotion.update');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?actor=3&entity=promotion&action=promotion.update'),
    );

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(router.state.location.search).toContain('from=2026-03-01'));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?actor=3&entity=promotion&action=promotion.update&from=2026-03-01&to=2026-03-31',
      ),
    );
    // The staff member's own days, as instants.
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({
        actor: '3',
        entity: 'promotion',
        action: 'promotion.update',
        from: dayStart(2026, 3, 1),
        to: dayEnd(2026, 3, 31),
        page: '1',
        length: '20',
      }),
    );
    // Another entity: its action goes, since it would find nothing.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Item' }), 'payout');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?actor=3&entity=payout&from=2026-03-01&to=2026-03-31'),
    );

    await user.click(screen.getByTestId('audit-clear'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', length: '20' }));
  });

  it('keeps the range in order: a day moved past the other end takes it along', async () => {
    const { router } = renderApp('/manager/audit?from=2026-03-10&to=2026-03-20');
    await screen.findAllByTestId('audit-row');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-25' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-03-25&to=2026-03-25'));
  });

  it('restores the filters and the page from the URL', async () => {
    renderApp(
      '/manager/audit?actor=3&entity=promotion&action=promotion.update&from=2026-03-01&to=2026-03-31&page=2',
    );
    await screen.findAllByTestId('audit-row');
    expect(listQueries()).toEqual([
      {
        actor: '3',
        entity: 'promotion',
        action: 'promotion.update',
        from: dayStart(2026, 3, 1),
        to: dayEnd(2026, 3, 31),
        page: '2',
        length: '20',
      },
    ]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Staff member' })).toHaveValue('3'));
    expect(screen.getByRole('combobox', { name: 'Item' })).toHaveValue('promotion');
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('promotion.update');
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01');
    expect(screen.getByTestId('audit-pager-status')).toHaveTextContent('Page 2 of 3');
  });

  it('leaves malformed filters out', async () => {
    renderApp('/manager/audit?actor=abc&entity=a%20b&from=2026-02-30&entity_id=12');
    await screen.findAllByTestId('audit-row');
    expect(listQueries()).toEqual([{ page: '1', length: '20' }]);
  });

  it('shows a table on wide screens: when, who, the action in words, and the item linked to its page', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    fake.on('GET /api/manager/audit', () =>
      jsonResponse(
        200,
        page([
          line(1),
          line(2, {
            action: 'payout.approve',
            entity: 'payout',
            entity_id: '5',
            before: { status: 'PENDING' },
            after: { status: 'APPROVED' },
            partner: PARTNER,
            actor: ADA,
          }),
          line(3, {
            action: 'partner.suspend',
            entity: 'partner',
            entity_id: PARTNER.uuid,
            before: { status: 'active' },
            after: { status: 'suspended' },
            partner: PARTNER,
          }),
          line(4, { action: 'gadget.create', entity: 'gadget', entity_id: '9', before: null, actor: null }),
          line(5, { action: 'gadget.tune', entity: 'gadget', entity_id: 'a-b' }),
          // `npm run staff -- reset-2fa`: no staff account made it.
          line(6, {
            action: 'staff.totp_reset',
            entity: 'staff',
            entity_id: '4',
            before: { two_factor: true },
            after: { two_factor: false, via: 'command_line' },
            actor: null,
          }),
        ]),
      ),
    );
    renderApp('/manager/audit');
    const table = await screen.findByRole('table', { name: 'Changes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Staff member', 'Action', 'Item', 'Details']);
    const rows = within(table).getAllByTestId('audit-row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!)[0]).toMatch(/^Mar 10, 2026, \d{1,2}:30\s[AP]M$/);
    expect(cells(rows[0]!).slice(1)).toEqual([
      'Mona ManagerManager · mona@sunbite.example',
      'Promotion edited',
      'Promotion #12',
      'Show changes',
    ]);
    expect(cells(rows[1]!).slice(1)).toEqual([
      'Ada AdminAdministrator · ada@sunbite.example',
      'Payout approved',
      'Payout #5Maya Tremblay',
      'Show changes',
    ]);
    expect(cells(rows[2]!).slice(2, 4)).toEqual(['Partner suspended', 'Partner Maya Tremblay']);
    // No words of its own: a generic verb, else the raw name; a staff account that is gone.
    expect(cells(rows[3]!).slice(1, 4)).toEqual(['Former staff account', 'gadget created', 'gadget #9']);
    expect(cells(rows[4]!).slice(2, 4)).toEqual(['gadget.tune', 'gadget a-b']);
    expect(cells(rows[5]!)[1]).toBe('Command line (on the server)');
    expect(within(rows[0]!).getByRole('link', { name: 'Promotion #12' })).toHaveAttribute(
      'href',
      '/manager/promotions',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Payout #5' })).toHaveAttribute(
      'href',
      '/manager/payouts/5',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Open the page of Maya Tremblay' })).toHaveAttribute(
      'href',
      `/manager/partners/${PARTNER.uuid}`,
    );
    expect(within(rows[2]!).getByRole('link', { name: 'Partner Maya Tremblay' })).toHaveAttribute(
      'href',
      `/manager/partners/${PARTNER.uuid}`,
    );
    expect(within(rows[3]!).queryByRole('link')).toBeNull();
    expect(within(rows[0]!).getByRole('cell', { name: /2026/ }).querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-03-10T15:30:00.000Z',
    );
  });

  it('opens a line to its before and after, the changed fields highlighted and named', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    const { user } = renderApp('/manager/audit');
    const [edited, created] = await screen.findAllByTestId('audit-row');
    const toggle = within(edited!).getByRole('button', { name: 'Show changes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide changes');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const diff = within(details).getByTestId('audit-diff');
    const rows = within(diff).getAllByTestId('diff-row');
    expect(rows.map((row) => [row.dataset.kind, row.textContent])).toEqual([
      ['changed', 'content › en › titleChangedBeforeSpringAfterSpring sale'],
      ['changed', 'ends_onChangedBefore2026-03-31After2026-04-15'],
    ]);
    // The unchanged fields are folded away until asked for.
    await user.click(within(diff).getByRole('button', { name: 'Show 1 unchanged field' }));
    expect(
      within(diff)
        .getAllByTestId('diff-row')
        .map((row) => row.dataset.kind),
    ).toEqual(['changed', 'changed', 'same']);
    expect(within(diff).getByText('Raw data (JSON)')).toBeInTheDocument();

    // A creation: the values it was made with.
    await user.click(within(created!).getByRole('button', { name: 'Show changes' }));
    const made = screen.getAllByTestId('audit-diff')[1]!;
    expect(made).toHaveTextContent('Values when created');
    expect(
      within(made)
        .getAllByTestId('diff-row')
        .map((row) => row.textContent),
    ).toEqual([
      'content › en › titleSpring sale',
      'content › en › bodyTwenty percent off.',
      'ends_on2026-04-15',
    ]);
  });

  it('names the partner a value holds by their uuid, and offers no history link inside that history', async () => {
    fake.on('GET /api/manager/audit', () =>
      jsonResponse(
        200,
        page([
          line(7, {
            action: 'custom.create',
            entity: 'custom',
            entity_id: '4',
            before: null,
            after: { content: { en: { title: 'Hi' } }, partner: PARTNER.uuid },
            partner: PARTNER,
          }),
        ]),
      ),
    );
    const { user } = renderApp('/manager/audit?entity=custom&entity_id=4');
    const [sent] = await screen.findAllByTestId('audit-row');
    await user.click(within(sent!).getByRole('button', { name: 'Show changes' }));
    const values = within(screen.getByTestId('audit-diff')).getAllByTestId('diff-row');
    expect(values.at(-1)).toHaveTextContent(`partnerMaya Tremblay ${PARTNER.uuid}`);
    expect(screen.queryByTestId('audit-item-history')).toBeNull();
  });

  it('shows one item’s history from a line, and lets it go again', async () => {
    const { user, router } = renderApp('/manager/audit?actor=3');
    const [first] = await screen.findAllByTestId('audit-row');
    await user.click(within(first!).getByRole('button', { name: 'Show changes' }));
    await user.click(screen.getByRole('button', { name: 'History of this item' }));
    await waitFor(() => expect(router.state.location.search).toBe('?entity=promotion&entity_id=12'));
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({ entity: 'promotion', entity_id: '12', page: '1', length: '20' }),
    );
    expect(await screen.findByTestId('audit-item-filter')).toHaveTextContent('Only Promotion #12');
    await user.click(screen.getByRole('button', { name: 'Show every change, not only Promotion #12' }));
    await waitFor(() => expect(router.state.location.search).toBe('?entity=promotion'));
  });

  it('shows cards on a phone, each opening to its changes', async () => {
    const { user } = renderApp('/manager/audit');
    const cards = await screen.findAllByTestId('audit-row');
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards[0]).toHaveTextContent('Promotion edited');
    expect(cards[0]).toHaveTextContent('Promotion #12');
    expect(cards[0]).toHaveTextContent('Mona Manager');
    await user.click(within(cards[0]!).getByRole('button', { name: 'Show changes' }));
    // Below the table's width each value names its side.
    expect(within(cards[0]!).getAllByTestId('diff-row')[0]).toHaveTextContent('BeforeSpringAfterSpring sale');
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    stubMatchMedia((query) => query === '(min-width: 768px)');
    const { user } = renderApp('/manager/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal d’audit' })).toBeInTheDocument();
    const [edited] = await screen.findAllByTestId('audit-row');
    expect(within(edited!).getByTestId('audit-action')).toHaveTextContent('Promotion modifiée');
    expect(within(edited!).getByRole('link', { name: 'Promotion n°\u00a012' })).toBeInTheDocument();
    expect(screen.getByTestId('audit-total')).toHaveTextContent('45 modifications');
    await user.click(within(edited!).getByRole('button', { name: 'Voir les modifications' }));
    expect(screen.getByTestId('audit-diff')).toHaveTextContent('Modifié');
    expect(screen.getByRole('button', { name: 'Afficher 1 champ inchangé' })).toBeInTheDocument();
  });

  it('says when there is nothing yet, when the filters find nothing, and when there are too many to count', async () => {
    fake.on('GET /api/manager/audit', ({ url }) =>
      url.searchParams.get('actor')
        ? jsonResponse(200, page([]))
        : url.searchParams.get('entity')
          ? jsonResponse(200, page([line(1)], 1, 50, 1_000, true))
          : jsonResponse(200, page([])),
    );
    const first = renderApp('/manager/audit');
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent('No changes yet');
    first.unmount();
    const second = renderApp('/manager/audit?actor=4');
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent('No changes match these filters');
    second.unmount();
    renderApp('/manager/audit?entity=promotion');
    expect(await screen.findByTestId('audit-total')).toHaveTextContent('More than 1,000 changes');
    expect(screen.getByTestId('audit-capped')).toHaveTextContent('Narrow them down with the filters.');
  });

  it('says when the log cannot load, and loads it again on retry', async () => {
    let fail = true;
    fake.on('GET /api/manager/audit', () =>
      fail ? jsonResponse(500, { code: 500, message: 'Whoops' }) : jsonResponse(200, page([line(1)])),
    );
    const { user } = renderApp('/manager/audit');
    const error = await screen.findByTestId('audit-error');
    expect(error).toHaveTextContent('The audit log could not be loaded.');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(1);
  });
});
