import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { getStoredLocale, i18n, LOCALE_KEY } from '../lib/i18n';
import { applyTheme, initialTheme, THEME_KEY } from '../lib/theme';
import { PreferenceControls } from './PreferenceControls';
import { NotFoundContent } from './NotFoundContent';
import { MemoryRouter } from 'react-router';

function renderControls() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <PreferenceControls />
        <NotFoundContent />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('language switch', () => {
  it('defaults to English', () => {
    expect(getStoredLocale()).toBe('en');
    renderControls();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('switches to French, changes the text, sets <html lang> and remembers it', async () => {
    const user = userEvent.setup();
    renderControls();
    await user.click(screen.getByRole('button', { name: 'French' }));
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(getStoredLocale()).toBe('fr');

    await user.click(screen.getByRole('button', { name: 'Anglais' }));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en');
  });

  it('ignores an unknown stored locale', () => {
    localStorage.setItem(LOCALE_KEY, 'de');
    expect(getStoredLocale()).toBe('en');
  });
});

describe('theme toggle', () => {
  it('defaults to the system preference when nothing is stored', () => {
    expect(initialTheme()).toBe('light');
    window.matchMedia = ((query: string) => ({
      matches: query.includes('dark'),
    })) as unknown as typeof window.matchMedia;
    expect(initialTheme()).toBe('dark');
    localStorage.setItem(THEME_KEY, 'light');
    expect(initialTheme()).toBe('light');
  });

  it('toggles the dark class and remembers the choice', async () => {
    const user = userEvent.setup();
    applyTheme('light');
    renderControls();
    await user.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(initialTheme()).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
  });
});
