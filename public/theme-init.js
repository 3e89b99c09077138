// Runs before first paint (a file, not inline: the page's CSP allows only 'self' scripts).
// Must agree with the app's localStorageColorSchemeManager({ key: 'theme' }).
(function () {
  var scheme = 'light';
  try {
    if (window.localStorage.getItem('theme') === 'dark') scheme = 'dark';
  } catch {
    // Storage can be blocked (privacy settings); the default theme applies.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
