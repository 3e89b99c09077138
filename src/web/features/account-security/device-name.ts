/** Browsers by the token that names them; the first that matches wins (Edge and Opera also say Chrome). */
const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Headless)?(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const MAX_RAW_LENGTH = 40;

/**
 * A session's user agent in a few words ('Chrome on Windows'), for a list a person reads;
 * an agent string we cannot name is shown shortened, a missing one as 'Unknown device'.
 */
export function deviceName(userAgent: string | null) {
  const text = userAgent?.trim();
  if (!text) return 'Unknown device';
  const browser = browsers.find(([pattern]) => pattern.test(text))?.[1];
  const system = systems.find(([pattern]) => pattern.test(text))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  const known = browser ?? system;
  if (known) return known;
  return text.length > MAX_RAW_LENGTH ? `${text.slice(0, MAX_RAW_LENGTH - 1)}…` : text;
}
