export type DemoCredentials = {
  operatorToken: string;
  admin: { email: string; password: string; totpSecret: string };
};
export declare function base32(bytes: Uint8Array): string;
export declare function demoCredentials(dir: string): DemoCredentials;
export declare function otpauthUrl(
  siteName: string,
  admin: { email: string; totpSecret: string },
): string;
