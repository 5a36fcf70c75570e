// The first-sale survey card on the dashboard: offered after a first sale (also when it is pushed
// live), the spec's choices, the address asked for "Claim bottles", the thank-you.
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { installFakeSocket, type FakeSockets } from '../../test/fake-socket';
import { jsonResponse, renderApp } from '../../test/render-app';
import type { SurveyState } from './survey-api';

let fake: FakeApi;
let sockets: FakeSockets;
let state: SurveyState;
const CHOICES = ['so_fun', 'loved_it', 'enjoyable', 'claim_bottles', 'none'] as SurveyState['choices'];

beforeEach(() => {
  signInForTest('partner-token');
  fake = installFakeApi();
  sockets = installFakeSocket();
  state = { offered: true, choices: CHOICES, answered: null, needs_address: true };
  fake.on('GET /api/survey', () => jsonResponse(200, { data: state }));
  fake.on('POST /api/survey', ({ body }) => {
    state = {
      ...state,
      offered: false,
      answered: {
        choice: (body as { choice: SurveyState['choices'][number] }).choice,
        answered_at: '2026-11-25T10:00:00Z',
      },
    };
    return jsonResponse(201, { data: { choice: state.answered!.choice, claim: null } });
  });
});

describe('first-sale survey', () => {
  it('offers the spec’s choices and thanks the partner once answered', async () => {
    const { user } = renderApp('/account');
    const card = await screen.findByTestId('survey');
    expect(
      within(card)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement!.textContent),
    ).toEqual(['Was so fun', 'Loved it', 'It was enjoyable', 'Claim bottles', 'None of the above']);
    expect(within(card).getByTestId('survey-submit')).toBeDisabled();
    await user.click(within(card).getByText('Loved it'));
    await user.click(within(card).getByTestId('survey-submit'));
    expect(await screen.findByText('Thank you for your feedback')).toBeInTheDocument();
    expect(fake.lastBody('POST /api/survey')).toEqual({ choice: 'loved_it' });
    await waitFor(() => expect(screen.queryByTestId('survey')).not.toBeInTheDocument());
  });

  it('asks for the shipping address to claim bottles, and shows the server’s field messages', async () => {
    fake.on('POST /api/survey', () =>
      jsonResponse(422, {
        code: 422,
        message: 'Form data is invalid',
        errors: { 'address.postal': ['20 characters maximum'] },
      }),
    );
    const { user } = renderApp('/account');
    const card = await screen.findByTestId('survey');
    await user.click(within(card).getByText('Claim bottles'));
    const address = within(card).getByTestId('survey-address');
    await user.click(within(card).getByTestId('survey-submit'));
    expect(within(address).getAllByText('This field is required')).toHaveLength(4);
    expect(fake.calls()).not.toContain('POST /api/survey');
    await user.type(within(card).getByTestId('survey-address_1'), '12 rue des Pins');
    await user.type(within(card).getByTestId('survey-city'), 'Montréal');
    await user.type(within(card).getByTestId('survey-postal'), 'H2X 1Y4');
    await user.selectOptions(within(card).getByTestId('survey-country'), 'CA');
    await user.click(within(card).getByTestId('survey-submit'));
    expect(await within(address).findByText('20 characters maximum')).toBeInTheDocument();
    expect(fake.lastBody('POST /api/survey')).toEqual({
      choice: 'claim_bottles',
      address: {
        address_1: '12 rue des Pins',
        address_2: null,
        city: 'Montréal',
        state: null,
        postal: 'H2X 1Y4',
        country: 'CA',
      },
    });
  });

  it('appears when the first sale is pushed', async () => {
    state = { ...state, offered: false };
    renderApp('/account');
    await screen.findByTestId('metric-this_month_commissions').catch(() => undefined);
    expect(screen.queryByTestId('survey')).not.toBeInTheDocument();
    const socket = await waitFor(() => {
      expect(sockets.latest()).toBeDefined();
      return sockets.latest()!;
    });
    act(() => socket.serverEmit('connect'));
    state = { ...state, offered: true };
    act(() => socket.serverEmit('new_order', { order_id: 1, notification_id: 1 }));
    expect(await screen.findByTestId('survey')).toBeInTheDocument();
  });
});
