/*
 * Where a session is, in the words people use for it: on /profile's sessions and in the audit
 * trail (issue 40 items 5 and 6). The raw user agent stays stored; this only names it.
 */

/** "Chrome · Android" from a user agent: the browser and the system, the names they go by. */
export function deviceOf(userAgent: string): string | undefined {
  const browser = [
    [/Edg(A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] as string | undefined;
  const system = [
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/CrOS/, 'ChromeOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Linux/, 'Linux'],
  ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] as string | undefined;
  return [browser, system].filter(Boolean).join(' · ') || undefined;
}
