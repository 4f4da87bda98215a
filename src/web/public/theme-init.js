// Runs before first paint, as a file rather than an inline script because the CSP allows only
// script-src 'self'. Keep in step with src/web/lib/theme.ts.
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('carebook-theme');
  } catch {
    // Storage blocked: follow the system setting.
  }
  var dark =
    stored === 'dark' ||
    (stored !== 'light' &&
      window.matchMedia &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) document.documentElement.classList.add('dark');
})();
