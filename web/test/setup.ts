import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { closeAlert } from '../lib/alert-store';
import { i18n } from '../lib/i18n';
import { stopUpdating } from '../lib/updating-store';

// jsdom implements neither scrolling nor media queries; the shell uses both.
beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  window.matchMedia = vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })) as unknown as typeof window.matchMedia;
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  closeAlert();
  stopUpdating();
  document.documentElement.classList.remove('dark');
  document.title = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});
