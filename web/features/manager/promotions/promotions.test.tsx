// The Promotions section against a fake staff API: the list (picture, both languages, dates and
// whether it runs today), publishing (the body with its product and dates, the current month by
// default), the server's field messages, editing with PATCH and deleting once confirmed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { field, invalid, sentBodies, signInStaff, write } from '../../../test/messages-fixtures';
import { imageOf, promotion, serveProducts, servePromotions } from '../../../test/monthly-fixtures';
import { renderApp } from '../../../test/render-app';
import { monthBounds } from '../messages/calendar';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
  serveProducts(fake);
});

const bodies = (route: string) => sentBodies(fake, route);
const DEAL = { title: 'Spring deal', body: 'Ten percent off all month.' };

describe('the Promotions section', () => {
  it('is in a manager’s navigation and lists each promotion with its image, dates and state', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    signInStaff(fake, 'manager');
    servePromotions(fake, [
      promotion(3, {
        starts_on: '2999-01-01',
        ends_on: '2999-01-31',
        product: 'sleep',
        image_url: imageOf('sleep'),
      }),
      promotion(2, {
        starts_on: '2000-01-01',
        ends_on: '2999-12-31',
        content: { fr: { title: 'Québec', body: 'Seulement.' } },
      }),
      promotion(1, { product: null, image_url: null, author: null }),
    ]);
    const { user } = renderApp('/manager/payouts');
    await user.click(await screen.findByTestId('manager-nav-promotions'));
    const table = await screen.findByTestId('messages-table');
    const rows = within(table).getAllByTestId('message-row');
    expect(rows).toHaveLength(3);
    expect(document.title).toContain('Promotions');
    expect(within(table).getByRole('columnheader', { name: 'Dates' })).toBeInTheDocument();

    expect(within(rows[0]!).getByTestId('promotion-image')).toHaveAttribute(
      'src',
      '/api/media/products/sleep.webp',
    );
    expect(within(rows[0]!).getByTestId('promotion-image')).toHaveAccessibleName('SLEEP Gummies');
    expect(within(rows[0]!).getByTestId('promotion-status')).toHaveTextContent('Scheduled');
    expect(within(rows[0]!).getByTestId('promotion-dates')).toHaveTextContent('Jan 1, 2999 – Jan 31, 2999');
    expect(within(rows[0]!).getByTestId('text-en')).toHaveTextContent('Spring deal 3');
    expect(within(rows[0]!).getByTestId('text-fr')).toHaveTextContent('Offre du printemps 3');
    expect(rows[0]).toHaveTextContent('by Mia Manager');

    expect(within(rows[1]!).getByTestId('promotion-status')).toHaveTextContent('Running');
    expect(within(rows[1]!).getByTestId('text-en')).toHaveTextContent(
      'No English version: partners who read English do not see it.',
    );
    expect(within(rows[2]!).getByTestId('promotion-status')).toHaveTextContent('Ended');
    expect(within(rows[2]!).queryByTestId('promotion-image')).toBeNull();
    expect(within(rows[2]!).getByTestId('promotion-no-image')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('by a former staff member');
    expect(screen.getByTestId('messages-total')).toHaveTextContent('3 promotions');
  });

  it('says when there is none yet', async () => {
    signInStaff(fake, 'admin');
    servePromotions(fake, []);
    renderApp('/manager/promotions');
    expect(await screen.findByTestId('messages-empty')).toHaveTextContent('No promotions yet');
  });

  it('is not in a reviewer’s navigation, and its link says the role does not open it', async () => {
    signInStaff(fake, 'reviewer');
    renderApp('/manager/promotions');
    expect(await screen.findByTestId('manager-forbidden')).toHaveTextContent('Manager');
    const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
    expect(within(nav).queryByTestId('manager-nav-promotions')).toBeNull();
    expect(within(nav).queryByTestId('manager-nav-challenges')).toBeNull();
    expect(fake.calls()).not.toContain('GET /api/manager/promotions');
  });
});

describe('publishing a promotion', () => {
  beforeEach(() => signInStaff(fake, 'manager'));

  it('posts its texts, the product chosen and this month’s first and last days', async () => {
    servePromotions(fake, [promotion(1)]);
    const { user } = renderApp('/manager/promotions');
    await screen.findAllByTestId('message-row');
    const compose = screen.getByTestId('compose');
    const month = monthBounds(new Date());
    expect(within(compose).getByLabelText('Starts on')).toHaveValue(month.first);
    expect(within(compose).getByLabelText('Ends on')).toHaveValue(month.last);
    const picker = within(compose).getByRole('combobox', { name: 'Image' });
    expect(picker).toHaveValue('');
    expect(within(picker).getAllByRole('option')).toHaveLength(17);
    await user.selectOptions(picker, 'ASHWA Gummies');
    expect(await within(compose).findByRole('img', { name: 'ASHWA Gummies' })).toHaveAttribute(
      'src',
      '/api/media/products/ashwa.webp',
    );
    await write(user, compose, 'English', DEAL);
    await user.click(screen.getByTestId('compose-send'));
    expect(await screen.findByText('Promotion published.')).toBeInTheDocument();
    expect(bodies('POST /api/manager/promotions')).toEqual([
      {
        content: { en: DEAL },
        product: 'ashwa',
        starts_on: month.first,
        ends_on: month.last,
      },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(2));
    expect(screen.getAllByTestId('message-row')[0]).toHaveTextContent('Spring deal');
    // A fresh form for the next one.
    expect(within(compose).getByRole('combobox', { name: 'Image' })).toHaveValue('');
  });

  it('sends no image as null, and the dates chosen', async () => {
    servePromotions(fake, []);
    const { user } = renderApp('/manager/promotions');
    await screen.findByTestId('messages-empty');
    const compose = screen.getByTestId('compose');
    fireEvent.change(within(compose).getByLabelText('Starts on'), { target: { value: '2030-05-10' } });
    fireEvent.change(within(compose).getByLabelText('Ends on'), { target: { value: '2030-05-20' } });
    await write(user, compose, 'French', { title: 'Offre', body: 'Dix pour cent.' });
    await user.click(screen.getByTestId('compose-send'));
    await screen.findByText('Promotion published.');
    expect(bodies('POST /api/manager/promotions')).toEqual([
      {
        content: { fr: { title: 'Offre', body: 'Dix pour cent.' } },
        product: null,
        starts_on: '2030-05-10',
        ends_on: '2030-05-20',
      },
    ]);
  });

  it('sends nothing when it would end before it starts', async () => {
    servePromotions(fake, []);
    const { user } = renderApp('/manager/promotions');
    await screen.findByTestId('messages-empty');
    const compose = screen.getByTestId('compose');
    fireEvent.change(within(compose).getByLabelText('Starts on'), { target: { value: '2030-05-10' } });
    fireEvent.change(within(compose).getByLabelText('Ends on'), { target: { value: '2030-05-01' } });
    await write(user, compose, 'English', DEAL);
    await user.click(screen.getByTestId('compose-send'));
    const ends = within(compose).getByLabelText('Ends on');
    expect(ends).toHaveAccessibleDescription('The end cannot come before the start.');
    expect(ends).toHaveFocus();
    expect(bodies('POST /api/manager/promotions')).toEqual([]);
  });

  it('shows the server’s messages under the fields they name', async () => {
    const state = servePromotions(fake, []);
    state.refuse = () =>
      invalid({
        ends_on: ['The promotion must end on or after its first day.'],
        'content.fr.title': ['This title is too close to another promotion’s.'],
        product: ['Unknown product.'],
      });
    const { user } = renderApp('/manager/promotions');
    await screen.findByTestId('messages-empty');
    const compose = screen.getByTestId('compose');
    await write(user, compose, 'English', DEAL);
    await write(user, compose, 'French', { title: 'Offre', body: 'Dix pour cent.' });
    await user.click(screen.getByTestId('compose-send'));
    const ends = within(compose).getByLabelText('Ends on');
    await waitFor(() =>
      expect(ends).toHaveAccessibleDescription('The promotion must end on or after its first day.'),
    );
    expect(ends).toHaveAttribute('aria-invalid', 'true');
    expect(within(compose).getByLabelText('Starts on')).not.toHaveAttribute('aria-invalid');
    expect(field(compose, 'French', 'Title')).toHaveAccessibleDescription(
      'This title is too close to another promotion’s.',
    );
    expect(field(compose, 'English', 'Title')).not.toHaveAttribute('aria-invalid');
    expect(within(compose).getByRole('combobox', { name: 'Image' })).toHaveAccessibleDescription(
      'Unknown product.',
    );
    // The message goes once its field changes.
    fireEvent.change(ends, { target: { value: '2031-01-01' } });
    expect(ends).not.toHaveAttribute('aria-invalid');
  });
});

describe('changing a promotion', () => {
  beforeEach(() => signInStaff(fake, 'manager'));

  it('edits it in a dialog filled with its texts, image and dates, and saves all with PATCH', async () => {
    servePromotions(fake, [promotion(7), promotion(6)]);
    const { user } = renderApp('/manager/promotions');
    const [row] = await screen.findAllByTestId('message-row');
    await user.click(within(row!).getByRole('button', { name: 'Edit “Spring deal 7”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the promotion' });
    expect(field(dialog, 'English', 'Title')).toHaveValue('Spring deal 7');
    const picker = within(dialog).getByRole('combobox', { name: 'Image' });
    expect(picker).toHaveValue('acv');
    expect(within(dialog).getByLabelText('Starts on')).toHaveValue('2020-03-01');
    fireEvent.change(within(dialog).getByLabelText('Ends on'), { target: { value: '2020-04-15' } });
    await user.selectOptions(picker, 'No image');
    await user.type(field(dialog, 'English', 'Title'), ', extended');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Promotion updated.')).toBeInTheDocument();
    expect(bodies('PATCH /api/manager/promotions/7')).toEqual([
      {
        content: {
          en: { title: 'Spring deal 7, extended', body: 'All month long (7).' },
          fr: { title: 'Offre du printemps 7', body: 'Tout le mois (7).' },
        },
        product: null,
        starts_on: '2020-03-01',
        ends_on: '2020-04-15',
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(screen.getAllByTestId('message-row')[0]).toHaveTextContent('Spring deal 7, extended'),
    );
    expect(
      within(screen.getAllByTestId('message-row')[0]!).getByTestId('promotion-no-image'),
    ).toBeInTheDocument();
  });

  it('deletes only once confirmed', async () => {
    servePromotions(fake, [promotion(7), promotion(6)]);
    const { user } = renderApp('/manager/promotions');
    const rows = await screen.findAllByTestId('message-row');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Delete “Spring deal 6”' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this promotion?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.calls()).not.toContain('DELETE /api/manager/promotions/6');

    await user.click(within(rows[1]!).getByRole('button', { name: 'Delete “Spring deal 6”' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this promotion?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete promotion' }));
    expect(await screen.findByText('Promotion deleted.')).toBeInTheDocument();
    expect(fake.calls().filter((call) => call.startsWith('DELETE'))).toEqual([
      'DELETE /api/manager/promotions/6',
    ]);
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(1));
  });
});
