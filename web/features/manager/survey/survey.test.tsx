// The Survey section against a fake staff API: the counts as bars with their shares and the
// answers list; the free-product requests filtered by status (in the URL and the request),
// shipping one (the exact PATCH body, with the status the screen showed and the note), the
// server's 409 shown while the list refreshes, and no section for a reviewer.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { sentBodies, signInStaff } from '../../../test/messages-fixtures';
import { answer, claim, serveClaims, serveSurvey } from '../../../test/survey-fixtures';
import { renderApp } from '../../../test/render-app';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
  stubMatchMedia((query) => query === '(min-width: 768px)');
});

const claimRequests = () =>
  fake.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/manager/claims');

const COUNTS = { so_fun: 2, loved_it: 5, enjoyable: 1, claim_bottles: 2, none: 0 };

describe('the Survey section', () => {
  it('is in a manager’s navigation and shows the counts as bars, then the answers', async () => {
    signInStaff(fake, 'manager');
    serveSurvey(fake, [answer(7, { choice: 'claim_bottles' }), answer(6)], COUNTS);
    const { user } = renderApp('/manager/payouts');
    await user.click(await screen.findByTestId('manager-nav-survey'));
    const chart = await screen.findByTestId('survey-chart');
    // The title is set by an effect, which may run just after the chart shows.
    await waitFor(() => expect(document.title).toContain('Survey'));
    await waitFor(() =>
      expect(within(chart).getByTestId('survey-chart-total')).toHaveTextContent('10 answers in all'),
    );
    expect(within(chart).getByTestId('survey-count-loved_it')).toHaveTextContent('Loved it');
    expect(within(chart).getByTestId('survey-count-loved_it')).toHaveTextContent('5 · 50%');
    expect(within(chart).getByTestId('survey-count-claim_bottles')).toHaveTextContent('Claim bottles2 · 20%');
    expect(within(chart).getByTestId('survey-count-none')).toHaveTextContent('None of the above0 · 0%');
    const rows = within(screen.getByTestId('answers-table')).getAllByTestId('answer-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Partner 7');
    expect(rows[0]).toHaveTextContent('partner7@example.com');
    expect(within(rows[0]!).getByTestId('answer-choice')).toHaveTextContent('Claim bottles');
    expect(within(rows[1]!).getByTestId('answer-choice')).toHaveTextContent('Loved it');
    expect(screen.getByTestId('answers-total')).toHaveTextContent('2 answers');
    expect(screen.getByTestId('survey-tab-answers')).toHaveAttribute('aria-current', 'page');
  });

  it('filters the requests by status, in the URL and the request', async () => {
    signInStaff(fake, 'manager');
    serveClaims(fake, [
      claim(1),
      claim(2, { status: 'shipped', handled_by: 'Mia Manager', note: 'Sent with Canada Post' }),
    ]);
    const { user, router } = renderApp('/manager/survey/claims');
    expect(await screen.findAllByTestId('claim-row')).toHaveLength(2);
    expect(document.title).toContain('Free-product requests');
    await user.click(screen.getByTestId('claims-filter-open'));
    await waitFor(() => expect(screen.getAllByTestId('claim-row')).toHaveLength(1));
    expect(router.state.location.search).toBe('?status=open');
    expect(claimRequests().at(-1)!.searchParams.get('status')).toBe('open');
    const [row] = screen.getAllByTestId('claim-row');
    expect(within(row!).getByTestId('claim-address')).toHaveTextContent('1 Maple Street');
    expect(within(row!).getByTestId('claim-address')).toHaveTextContent('Toronto, ON M5V 2T6');
    expect(within(row!).getByTestId('claim-status')).toHaveTextContent('Open');
    await user.click(screen.getByTestId('claims-filter-shipped'));
    await waitFor(() => expect(screen.getAllByTestId('claim-row')[0]).toHaveAttribute('data-id', '2'));
    const shipped = screen.getAllByTestId('claim-row')[0]!;
    expect(within(shipped).getByTestId('claim-handled-by')).toHaveTextContent('Handled by Mia Manager');
    expect(within(shipped).getByTestId('claim-note-text')).toHaveTextContent('Sent with Canada Post');
    expect(within(shipped).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    await user.click(screen.getByTestId('claims-filter-declined'));
    expect(await screen.findByTestId('claims-empty')).toHaveTextContent('No requests with this status');
  });

  it('marks a request shipped with the status it showed and the note', async () => {
    signInStaff(fake, 'manager');
    serveClaims(fake, [claim(1)]);
    const { user } = renderApp('/manager/survey/claims');
    const [row] = await screen.findAllByTestId('claim-row');
    await user.click(within(row!).getByRole('button', { name: 'Mark shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Partner 1’s bottles as shipped?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), '  Tracking 123  ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText('Request marked as shipped.')).toBeInTheDocument();
    expect(sentBodies(fake, 'PATCH /api/manager/claims/1')).toEqual([
      { status: 'shipped', note: 'Tracking 123', expected_status: 'open' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(screen.getAllByTestId('claim-row')[0]!).getByTestId('claim-status')).toHaveTextContent(
        'Shipped',
      ),
    );
  });

  it('shows the server’s message when the request was handled meanwhile, and refreshes the list', async () => {
    signInStaff(fake, 'manager');
    const state = serveClaims(fake, [claim(1)]);
    const { user } = renderApp('/manager/survey/claims');
    const [row] = await screen.findAllByTestId('claim-row');
    await user.click(within(row!).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Partner 1’s request?' });
    // Someone else shipped it after the list was loaded.
    state.claims[0] = { ...state.claims[0]!, status: 'shipped', handled_by: 'Dana Admin' };
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This request was handled meanwhile.');
    expect(sentBodies(fake, 'PATCH /api/manager/claims/1')).toEqual([
      { status: 'declined', note: null, expected_status: 'open' },
    ]);
    await waitFor(() =>
      expect(within(screen.getAllByTestId('claim-row')[0]!).getByTestId('claim-status')).toHaveTextContent(
        'Shipped',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not in a reviewer’s navigation, and its pages say the role does not open them', async () => {
    signInStaff(fake, 'reviewer');
    renderApp('/manager/survey/claims');
    expect(await screen.findByTestId('manager-forbidden')).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
    expect(within(nav).queryByTestId('manager-nav-survey')).toBeNull();
    expect(claimRequests()).toHaveLength(0);
  });
});
