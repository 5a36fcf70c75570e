import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { AppToaster } from '../components/AppToaster';
import { i18n } from './i18n';
import { notifySuccess, TOAST_OPTIONS } from './toast';

describe('toasts (docs/product/partner-portal.md#figures-and-limits)', () => {
  it('close after 3000 ms, pause on hover and have a close button', () => {
    expect(TOAST_OPTIONS.autoClose).toBe(3000);
    expect(TOAST_OPTIONS.pauseOnHover).toBe(true);
    expect(TOAST_OPTIONS.closeButton).toBe(true);
  });

  it('shows a message with a labelled close button that dismisses it', async () => {
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <AppToaster />
      </I18nextProvider>,
    );
    act(() => void notifySuccess('You logged out'));
    expect(await screen.findByText('You logged out')).toBeInTheDocument();
    const toastElement = screen.getByText('You logged out').closest('.Toastify__toast');
    expect(toastElement).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    // jsdom runs no CSS animations: finish the exit animation by hand.
    fireEvent.animationEnd(toastElement as Element);
    await waitFor(() => expect(screen.queryByText('You logged out')).not.toBeInTheDocument());
  });
});
