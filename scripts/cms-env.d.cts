export declare const CMS_DIR: string;
export declare const CMS_PORT: number;
export type CmsSecrets = Record<string, string> & {
  CMS_API_TOKEN: string;
  PREVIEW_SECRET: string;
  REVALIDATE_SECRET: string;
  CMS_ADMIN_EMAIL: string;
  CMS_ADMIN_PASSWORD: string;
};
export declare function newCmsSecrets(): CmsSecrets;
export declare function cmsEnv(options: {
  databaseUrl: string;
  siteUrl: string;
  port?: number;
  secrets: Record<string, string>;
  serveAdminPanel?: boolean;
}): Record<string, string>;
export declare function siteEnvFor(options: {
  cmsUrl: string;
  secrets: CmsSecrets;
}): Record<string, string>;
