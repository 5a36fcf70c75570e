import { vi } from 'vitest';

/** jsdom has no matchMedia: answers each media query with `matches(query)`. */
export function stubMatchMedia(matches: (query: string) => boolean): void {
  window.matchMedia = vi.fn((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })) as unknown as typeof window.matchMedia;
}
