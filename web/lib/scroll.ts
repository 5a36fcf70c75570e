/** Smooth scroll to the top after a page change, instant for people who prefer less motion. */
export function scrollToTop(): void {
  const reduce =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, left: 0, behavior: reduce ? 'auto' : 'smooth' });
}
