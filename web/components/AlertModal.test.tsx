import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { ALERT_TRANSITION_MS, closeAlert, isAlertOpen, showAlert } from '../lib/alert-store';
import { ApiError, handleDataError } from '../lib/api';
import { i18n } from '../lib/i18n';
import { AlertModal } from './AlertModal';

function renderModal() {
  return render(
    <I18nextProvider i18n={i18n}>
      <AlertModal />
    </I18nextProvider>,
  );
}

describe('<AlertModal>', () => {
  it('shows title, message and type, and closes with its button', async () => {
    const user = userEvent.setup();
    renderModal();
    act(
      () => void showAlert({ title: 'Data Saved', message: 'Your profile is up to date.', type: 'success' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Data Saved' });
    expect(dialog).toHaveAccessibleDescription('Your profile is up to date.');
    expect(dialog).toHaveAttribute('data-alert-type', 'success');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(isAlertOpen()).toBe(false);
  });

  it('keeps only one alert open: a second one, or a data error, does not replace it', () => {
    renderModal();
    act(() => void showAlert({ title: 'First', message: 'one', type: 'warning' }));
    let accepted = true;
    act(() => {
      accepted = showAlert({ title: 'Second', message: 'two', type: 'error' });
    });
    expect(accepted).toBe(false);
    act(() =>
      handleDataError(new ApiError(500, 'Internal Server Error', { code: 500, message: 'boom', id: 'e1' }), {
        t: i18n.t,
        isAlertOpen,
        showAlert,
        endSession: () => {},
      }),
    );
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByRole('alertdialog', { name: 'First' })).toBeInTheDocument();
    expect(screen.queryByText('Error ID: e1')).not.toBeInTheDocument();
  });

  it('closes on Escape and leaves the screen after the 550 ms transition', () => {
    vi.useFakeTimers();
    try {
      renderModal();
      act(() => void showAlert({ title: 'Error', message: 'Wrong value', type: 'error' }));
      act(() => {
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      });
      expect(isAlertOpen()).toBe(false);
      // Still fading out...
      expect(screen.getByText('Wrong value')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(ALERT_TRANSITION_MS));
      expect(screen.queryByText('Wrong value')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
      closeAlert();
    }
  });
});
