/** What a player recognises a session by: the browser, the system and the kind of device. */
export type DeviceSummary = {
  browser: string | null;
  os: string | null;
  device: 'desktop' | 'mobile' | 'tablet';
};

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A user agent as a player reads it; unknown parts stay null (never a guess shown as fact). */
export function describeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const ua = userAgent ?? '';
  const browser = browsers.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = systems.find(([re]) => re.test(ua))?.[1] ?? null;
  const device =
    /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))
      ? 'tablet'
      : /Mobi|iPhone|iPod/.test(ua)
        ? 'mobile'
        : 'desktop';
  return { browser, os, device };
}

/** Sign-in methods named by their brand: the same in every language. */
export const brandMethodNames = {
  metamask: 'MetaMask',
  walletconnect: 'WalletConnect',
  phantom: 'Phantom',
  telegram: 'Telegram',
  google: 'Google',
  coinbase: 'Coinbase',
} as const;
