export declare function studioWanted(
  env: Record<string, string | undefined>,
  siteUrl: string,
): boolean;
export declare function operatorKeys(dir: string): string;
export declare function startStudio(options: {
  root: string;
  dataDir: string;
  siteUrl: string;
}): Promise<{ studio: import('node:child_process').ChildProcess; env: Record<string, string> }>;
