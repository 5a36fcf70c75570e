// Runs before first paint (loaded from <head>, no inline script: the CSP forbids it) so the
// page starts in the remembered theme and language. Same keys as web/lib/theme.ts and i18n.ts.
(function () {
  var root = document.documentElement;
  var theme = null;
  var locale = null;
  try {
    theme = localStorage.getItem('theme');
    locale = localStorage.getItem('locale');
  } catch {
    // Storage can be blocked (private mode, policies): fall back to the defaults.
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  if (theme === 'dark') root.classList.add('dark');
  root.style.colorScheme = theme;
  if (locale === 'en' || locale === 'fr') root.lang = locale;
})();
