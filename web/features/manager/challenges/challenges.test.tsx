// The Challenges section against a fake staff API: the list (month, target with its unit,
// reward, met and rewarded), publishing (the body's month, metric, target and reward shapes),
// the server's field messages, editing and deleting, both refused once a reward was paid, and
// the challenge's page with who made progress toward it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { field, invalid, sentBodies, signInStaff, write } from '../../../test/messages-fixtures';
import { challenge, partnerRow, serveChallenges, servePartners } from '../../../test/monthly-fixtures';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { isoMonth } from '../messages/calendar';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
});

const bodies = (route: string) => sentBodies(fake, route);
const SPRINT = { title: 'Spring sprint', body: 'Reach the target, earn the reward.' };

const VOUCHER = challenge(5, {
  month: '2026-04',
  metric: 'sales_amount',
  target: 5000,
  reward: { kind: 'voucher', type: 'percent', amount: 15 },
  met: 0,
});

describe('the Challenges section', () => {
  it('is in a manager’s navigation and lists each challenge with its target, reward and results', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    signInStaff(fake, 'manager');
    serveChallenges(fake, [
      VOUCHER,
      challenge(4, {
        reward: { kind: 'voucher', type: 'fixed', amount: 10 },
        target: 1,
        met: 12,
        rewarded: 9,
      }),
      challenge(3),
    ]);
    const { user } = renderApp('/manager/payouts');
    await user.click(await screen.findByTestId('manager-nav-challenges'));
    const table = await screen.findByTestId('messages-table');
    const rows = within(table).getAllByTestId('message-row');
    expect(rows).toHaveLength(3);
    expect(document.title).toContain('Challenges');
    expect(within(rows[0]!).getByTestId('challenge-month-cell')).toHaveTextContent('April 2026');
    expect(within(rows[0]!).getByTestId('challenge-target-cell')).toHaveTextContent('$5,000.00 in sales');
    expect(within(rows[0]!).getByTestId('challenge-reward-cell')).toHaveTextContent('15% off voucher');
    expect(within(rows[0]!).getByTestId('challenge-outcome')).toHaveTextContent('met 0 · rewarded 0');
    expect(within(rows[1]!).getByTestId('challenge-target-cell')).toHaveTextContent('1 sale');
    expect(within(rows[1]!).getByTestId('challenge-reward-cell')).toHaveTextContent('$10.00 off voucher');
    expect(within(rows[1]!).getByTestId('challenge-outcome')).toHaveTextContent('met 12 · rewarded 9');
    expect(within(rows[2]!).getByTestId('challenge-month-cell')).toHaveTextContent('March 2026');
    expect(within(rows[2]!).getByTestId('challenge-target-cell')).toHaveTextContent('30 sales');
    expect(within(rows[2]!).getByTestId('challenge-reward-cell')).toHaveTextContent('$50.00 bonus');
    expect(within(rows[2]!).getByTestId('text-fr')).toHaveTextContent('Sprint de mars 3');
    expect(within(rows[2]!).getByRole('link', { name: 'Who met “March sprint 3”' })).toHaveAttribute(
      'href',
      '/manager/challenges/3',
    );
  });

  it('offers a retry when the list fails', async () => {
    signInStaff(fake, 'manager');
    let fail = true;
    fake.on('GET /api/manager/challenges', () =>
      fail
        ? jsonResponse(500, { code: 500, message: 'Server Error' })
        : jsonResponse(200, { data: [], current_page: 1, per_page: 20, last_page: 1, total: 0 }),
    );
    const { user } = renderApp('/manager/challenges');
    const failed = await screen.findByTestId('messages-error', {}, { timeout: 8000 });
    expect(failed).toHaveTextContent('The challenges could not be loaded.');
    fail = false;
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('messages-empty')).toHaveTextContent('No challenges yet');
  });

  it('is not open to a reviewer', async () => {
    signInStaff(fake, 'reviewer');
    renderApp('/manager/challenges/3');
    expect(await screen.findByTestId('manager-forbidden')).toHaveTextContent('Manager');
    const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
    expect(within(nav).queryByTestId('manager-nav-challenges')).toBeNull();
    expect(fake.calls().filter((call) => call.includes('/challenges'))).toEqual([]);
  });
});

describe('publishing a challenge', () => {
  beforeEach(() => signInStaff(fake, 'manager'));

  it('posts this month, a number of sales and a bonus by default', async () => {
    serveChallenges(fake, []);
    const { user } = renderApp('/manager/challenges');
    await screen.findByTestId('messages-empty');
    const compose = screen.getByTestId('compose');
    expect(within(compose).getByLabelText('Month')).toHaveValue(isoMonth(new Date()));
    expect(within(compose).getByRole('radio', { name: 'Number of sales' })).toBeChecked();
    expect(within(compose).getByRole('radio', { name: 'Bonus ($)' })).toBeChecked();
    await write(user, compose, 'English', SPRINT);
    await user.type(within(compose).getByRole('spinbutton', { name: 'Target' }), '25');
    await user.type(within(compose).getByRole('spinbutton', { name: 'Bonus ($)' }), '75');
    await user.click(screen.getByTestId('compose-send'));
    expect(await screen.findByText('Challenge published.')).toBeInTheDocument();
    expect(bodies('POST /api/manager/challenges')).toEqual([
      {
        month: isoMonth(new Date()),
        content: { en: SPRINT },
        metric: 'sales_count',
        target: 25,
        reward: { kind: 'bonus', amount: 75 },
      },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(1));
    expect(within(compose).getByRole('spinbutton', { name: 'Target' })).toHaveValue(null);
  });

  it('posts a sales amount with a voucher of a type', async () => {
    serveChallenges(fake, []);
    const { user } = renderApp('/manager/challenges');
    await screen.findByTestId('messages-empty');
    const compose = screen.getByTestId('compose');
    fireEvent.change(within(compose).getByLabelText('Month'), { target: { value: '2031-02' } });
    await write(user, compose, 'French', { title: 'Défi', body: 'Atteignez l’objectif.' });
    await user.click(within(compose).getByRole('radio', { name: 'Sales amount ($)' }));
    await user.type(within(compose).getByRole('spinbutton', { name: 'Target' }), '2500.50');
    await user.click(within(compose).getByRole('radio', { name: 'Voucher' }));
    expect(within(compose).getByRole('radio', { name: 'Percent off' })).toBeChecked();
    await user.click(within(compose).getByRole('radio', { name: 'Dollars off' }));
    await user.type(within(compose).getByRole('spinbutton', { name: 'Discount ($)' }), '20');
    await user.click(screen.getByTestId('compose-send'));
    await screen.findByText('Challenge published.');
    expect(bodies('POST /api/manager/challenges')).toEqual([
      {
        month: '2031-02',
        content: { fr: { title: 'Défi', body: 'Atteignez l’objectif.' } },
        metric: 'sales_amount',
        target: 2500.5,
        reward: { kind: 'voucher', type: 'fixed', amount: 20 },
      },
    ]);
  });

  it('sends nothing without a target and an amount, or with a fraction of a sale', async () => {
    serveChallenges(fake, []);
    const { user } = renderApp('/manager/challenges');
    await screen.findByTestId('messages-empty');
    const compose = screen.getByTestId('compose');
    await write(user, compose, 'English', SPRINT);
    await user.click(screen.getByTestId('compose-send'));
    const target = within(compose).getByRole('spinbutton', { name: 'Target' });
    expect(target).toHaveAccessibleDescription(/Enter a target above zero\./);
    expect(target).toHaveFocus();
    expect(within(compose).getByRole('spinbutton', { name: 'Bonus ($)' })).toHaveAccessibleDescription(
      /Enter an amount above zero\./,
    );
    await user.type(target, '2.5');
    await user.click(screen.getByTestId('compose-send'));
    expect(target).toHaveAccessibleDescription(/Enter a whole number of sales\./);
    expect(bodies('POST /api/manager/challenges')).toEqual([]);
  });

  it('shows the server’s messages under the fields they name', async () => {
    const state = serveChallenges(fake, []);
    state.refuse = () =>
      invalid({
        'reward.amount': ['A voucher is at most 50% off.'],
        'content.fr.title': ['Use at most 120 characters.'],
        month: ['This month is already over.'],
      });
    const { user } = renderApp('/manager/challenges');
    await screen.findByTestId('messages-empty');
    const compose = screen.getByTestId('compose');
    await write(user, compose, 'English', SPRINT);
    await write(user, compose, 'French', { title: 'Défi', body: 'Atteignez l’objectif.' });
    await user.type(within(compose).getByRole('spinbutton', { name: 'Target' }), '10');
    await user.click(within(compose).getByRole('radio', { name: 'Voucher' }));
    await user.type(within(compose).getByRole('spinbutton', { name: 'Discount (%)' }), '80');
    await user.click(screen.getByTestId('compose-send'));
    const amount = within(compose).getByRole('spinbutton', { name: 'Discount (%)' });
    await waitFor(() => expect(amount).toHaveAccessibleDescription('A voucher is at most 50% off.'));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(field(compose, 'French', 'Title')).toHaveAccessibleDescription('Use at most 120 characters.');
    expect(within(compose).getByLabelText('Month')).toHaveAccessibleDescription(
      /This month is already over\./,
    );
    expect(within(compose).getByRole('spinbutton', { name: 'Target' })).not.toHaveAttribute('aria-invalid');
    // The month's focus first: it is the first field named.
    expect(within(compose).getByLabelText('Month')).toHaveFocus();
  });
});

describe('changing a challenge', () => {
  beforeEach(() => signInStaff(fake, 'manager'));

  it('edits it in a dialog filled with its month, goal and reward, and saves all with PATCH', async () => {
    serveChallenges(fake, [VOUCHER]);
    const { user } = renderApp('/manager/challenges');
    const [row] = await screen.findAllByTestId('message-row');
    await user.click(within(row!).getByRole('button', { name: 'Edit “March sprint 5”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the challenge' });
    expect(within(dialog).getByLabelText('Month')).toHaveValue('2026-04');
    expect(within(dialog).getByRole('radio', { name: 'Sales amount ($)' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Percent off' })).toBeChecked();
    const target = within(dialog).getByRole('spinbutton', { name: 'Target' });
    expect(target).toHaveValue(5000);
    await user.clear(target);
    await user.type(target, '4000');
    await user.click(within(dialog).getByRole('radio', { name: 'Bonus ($)' }));
    expect(within(dialog).queryByRole('radio', { name: 'Percent off' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Challenge updated.')).toBeInTheDocument();
    expect(bodies('PATCH /api/manager/challenges/5')).toEqual([
      {
        month: '2026-04',
        content: VOUCHER.content,
        metric: 'sales_amount',
        target: 4000,
        reward: { kind: 'bonus', amount: 15 },
      },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('challenge-reward-cell')).toHaveTextContent('$15.00 bonus'),
    );
  });

  it('deletes only once confirmed', async () => {
    serveChallenges(fake, [VOUCHER, challenge(3)]);
    const { user } = renderApp('/manager/challenges');
    const rows = await screen.findAllByTestId('message-row');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Delete “March sprint 3”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this challenge?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete challenge' }));
    expect(await screen.findByText('Challenge deleted.')).toBeInTheDocument();
    expect(fake.calls().filter((call) => call.startsWith('DELETE'))).toEqual([
      'DELETE /api/manager/challenges/3',
    ]);
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(1));
  });

  it('cannot be edited or deleted once a reward was paid', async () => {
    serveChallenges(fake, [challenge(3, { rewarded: 2 })]);
    const { user } = renderApp('/manager/challenges');
    const [row] = await screen.findAllByTestId('message-row');
    const edit = within(row!).getByRole('button', { name: 'Edit “March sprint 3”' });
    const remove = within(row!).getByRole('button', { name: 'Delete “March sprint 3”' });
    expect(edit).toBeDisabled();
    expect(remove).toBeDisabled();
    expect(edit).toHaveAccessibleDescription('A reward was paid: this challenge can no longer be changed.');
    await user.click(remove);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Its partners are still one click away.
    expect(within(row!).getByRole('link', { name: 'Who met “March sprint 3”' })).toBeEnabled();
  });

  it('shows the server’s refusal when a reward was paid in the meantime', async () => {
    const state = serveChallenges(fake, [challenge(3)]);
    const PAID = 'A reward was already paid for this challenge: it can no longer be changed.';
    state.refuse = () => {
      state.items = [challenge(3, { rewarded: 1 })];
      return jsonResponse(409, { code: 409, message: PAID });
    };
    const { user } = renderApp('/manager/challenges');
    const [row] = await screen.findAllByTestId('message-row');
    await user.click(within(row!).getByRole('button', { name: 'Delete “March sprint 3”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this challenge?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete challenge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PAID);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The list was refreshed: the buttons are now off.
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('message-row')[0]!).getByRole('button', { name: /^Edit/ }),
      ).toBeDisabled(),
    );
  });

  it('shows the server’s refusal of an edit in the dialog', async () => {
    const state = serveChallenges(fake, [challenge(3)]);
    state.refuse = () => jsonResponse(409, { code: 409, message: 'A reward was already paid.' });
    const { user } = renderApp('/manager/challenges');
    const [row] = await screen.findAllByTestId('message-row');
    await user.click(within(row!).getByRole('button', { name: 'Edit “March sprint 3”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the challenge' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByTestId('challenges-form-failure')).toHaveTextContent(
      'A reward was already paid.',
    );
  });
});

describe('a challenge’s page', () => {
  beforeEach(() => signInStaff(fake, 'manager'));

  it('opens from the list and shows its summary and who made progress, best first', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    serveChallenges(fake, [VOUCHER, challenge(3, { met: 2, rewarded: 1 })]);
    servePartners(fake, 3, [
      partnerRow(1, { progress: 42, met: true, rewarded_at: '2026-04-03T12:00:00Z' }),
      partnerRow(2, { progress: 30, met: true }),
      partnerRow(3, { progress: 12 }),
    ]);
    const { user, router } = renderApp('/manager/challenges');
    const rows = await screen.findAllByTestId('message-row');
    await user.click(within(rows[1]!).getByRole('link', { name: 'Who met “March sprint 3”' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'March sprint 3' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manager/challenges/3');
    // The title is set by an effect after the heading renders: on a busy machine, a moment later.
    await waitFor(() => expect(document.title).toContain('March sprint 3 · Challenges'));
    expect(screen.getByTestId('summary-target')).toHaveTextContent('30 sales');
    expect(screen.getByTestId('summary-reward')).toHaveTextContent('$50.00 bonus');
    expect(screen.getByTestId('summary-met')).toHaveTextContent('2');
    expect(screen.getByTestId('summary-rewarded')).toHaveTextContent('1');

    const partners = await screen.findAllByTestId('partner-row');
    expect(partners).toHaveLength(3);
    expect(partners[0]).toHaveTextContent('Partner 1');
    expect(partners[0]).toHaveTextContent('partner1@example.com');
    expect(within(partners[0]!).getByTestId('partner-progress')).toHaveTextContent('42 of 30 sales');
    expect(within(partners[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    expect(within(partners[0]!).getByTestId('partner-state')).toHaveTextContent('Met');
    expect(within(partners[0]!).getByTestId('partner-state')).toHaveTextContent('Rewarded Apr 3, 2026');
    expect(within(partners[1]!).getByTestId('partner-state')).not.toHaveTextContent('Rewarded');
    expect(within(partners[2]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '12');
    expect(within(partners[2]!).getByTestId('partner-state')).toHaveTextContent('In progress');
    expect(screen.getByTestId('partners-total')).toHaveTextContent('3 partners with sales');
    expect(
      new Headers(fake.lastInit('GET /api/manager/challenges/3/partners')?.headers).get('Authorization'),
    ).toBe('Bearer staff-token');
  });

  it('opened by its link finds the challenge through the list, and pages its partners in the URL', async () => {
    serveChallenges(fake, [VOUCHER]);
    servePartners(
      fake,
      5,
      Array.from({ length: 23 }, (_, index) => partnerRow(index + 1, { progress: 4000 - index * 100 })),
    );
    const { user, router } = renderApp('/manager/challenges/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'March sprint 5' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('partner-row')).toHaveLength(20);
    expect(screen.getAllByTestId('partner-progress')[0]).toHaveTextContent('$4,000.00 of $5,000.00 in sales');
    await user.click(screen.getByTestId('partners-pager-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(screen.getAllByTestId('partner-row')).toHaveLength(3));
    expect(screen.getAllByTestId('partner-row')[0]).toHaveTextContent('Partner 21');
  });

  it('says when the challenge does not exist, and when nobody has made a sale yet', async () => {
    serveChallenges(fake, [VOUCHER]);
    servePartners(fake, 5, []);
    const { router } = renderApp('/manager/challenges/404');
    expect(await screen.findByTestId('challenge-not-found')).toHaveTextContent('does not exist');
    await router.navigate('/manager/challenges/5');
    expect(await screen.findByTestId('partners-empty')).toHaveTextContent('No progress yet');
  });
});
