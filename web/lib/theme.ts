// Dark mode: remembered in localStorage, defaulting to the system preference. The class on
// <html> is first set before paint by public/theme-init.js (same key, same rule) so a dark
// page never flashes light; this module keeps it in sync afterwards.
import { useSyncExternalStore } from 'react';

export const THEME_KEY = 'theme';
export type Theme = 'light' | 'dark';

export function getStoredTheme(storage: Storage = localStorage): Theme | null {
  const value = storage.getItem(THEME_KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function initialTheme(storage: Storage = localStorage): Theme {
  return getStoredTheme(storage) ?? (systemPrefersDark() ? 'dark' : 'light');
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  for (const listener of listeners) listener();
}

export function setTheme(theme: Theme, storage: Storage = localStorage): void {
  storage.setItem(THEME_KEY, theme);
  applyTheme(theme);
}

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as Theme);
  return [theme, setTheme];
}
