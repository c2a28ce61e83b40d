import 'server-only';
import { AwsClient } from 'aws4fetch';
import type { FileStore, Folder } from './store';

export interface S3Settings {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Another S3-compatible service (R2, MinIO, Wasabi…): addressed path-style, `<endpoint>/<bucket>/<key>`. */
  endpoint?: string;
}

/**
 * An S3-compatible bucket, each request signed with Signature V4. The bucket stays private: files
 * are read back by the platform, which checks who asks, never linked to directly.
 */
export function s3Store(settings: S3Settings): FileStore {
  // A few retries for a 5xx or a dropped connection; aws4fetch's default (10) would hold an upload for minutes.
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    retries: 2,
  });
  const base = settings.endpoint
    ? `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}`
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
  const url = (folder: Folder, name: string) => `${base}/${folder}/${name}`;

  async function send(method: string, target: string, init: RequestInit = {}): Promise<Response> {
    const res = await client.fetch(target, { method, ...init });
    if (res.ok || res.status === 404) return res;
    const detail = (await res.text()).match(/<Code>([^<]+)<\/Code>/)?.[1] ?? res.statusText;
    throw new Error(`S3 ${method} ${new URL(target).pathname} answered ${res.status} ${detail}`);
  }

  return {
    async put(folder, name, bytes, contentType) {
      await send('PUT', url(folder, name), {
        body: new Uint8Array(bytes),
        headers: { 'content-type': contentType },
      });
    },
    async get(folder, name) {
      const res = await send('GET', url(folder, name));
      return res.status === 404 ? null : Buffer.from(await res.arrayBuffer());
    },
    async delete(folder, name) {
      await send('DELETE', url(folder, name));
    },
  };
}
