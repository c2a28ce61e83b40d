export declare function isLocalUrl(url: string): boolean;
export declare const REAL_PAYMENT_SETTINGS: string[];
export declare function demoChainWanted(
  env: Record<string, string | undefined>,
  siteUrl: string,
): boolean;
