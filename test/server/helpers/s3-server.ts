import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';
import S3rver from 's3rver';

/** node:crypto behind the hash interface the AWS SDK's signer takes (an HMAC when given a key). */
type Data = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: Data) =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);
class Sha256 {
  private readonly hash;
  constructor(secret?: Data) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: Data) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

const ACCESS_KEY = 'S3RVER';
const SECRET = 'S3RVER';

const refusal = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`;

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Whether a request carries a valid Signature V4, computed again with the AWS SDK's own signer
 * (not the library the platform signs with) over the headers the request says it signed.
 */
async function signedRightly(req: IncomingMessage, payload: Buffer): Promise<boolean> {
  const auth =
    /Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([a-f0-9]{64})/.exec(
      req.headers.authorization ?? '',
    );
  const date = req.headers['x-amz-date'];
  const hash = req.headers['x-amz-content-sha256'];
  if (!auth || typeof date !== 'string' || typeof hash !== 'string') return false;
  if (auth[1] !== ACCESS_KEY) return false;
  if (hash !== 'UNSIGNED-PAYLOAD' && hash !== createHash('sha256').update(payload).digest('hex')) {
    return false;
  }
  const headers: Record<string, string> = {};
  for (const name of auth[4]!.split(';')) headers[name] = String(req.headers[name] ?? '');
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const signer = new SignatureV4({
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET },
    region: auth[3]!,
    service: 's3',
    sha256: Sha256,
    uriEscapePath: false,
  });
  const signed = await signer.sign(
    {
      method: req.method ?? 'GET',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: decodeURIComponent(url.pathname),
      query: Object.fromEntries(url.searchParams),
      headers,
    },
    {
      signingDate: new Date(
        date.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
      ),
    },
  );
  const expected = /Signature=([a-f0-9]{64})/.exec(String(signed.headers.authorization))?.[1];
  return expected === auth[5];
}

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket's objects on disk. */
  directory: string;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server on loopback (s3rver keeps the objects and answers as a bucket does)
 * behind a gate that refuses any request whose Signature V4 does not verify: s3rver itself checks
 * only the older V2 signatures. Credentials: S3RVER / S3RVER.
 */
export async function startLocalS3(bucket = 'casino-uploads'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const inner = await s3rver.run();
  const gate: Server = createServer(async (req, res) => {
    const payload = await body(req);
    if (!(await signedRightly(req, payload))) {
      res
        .writeHead(403, { 'content-type': 'application/xml' })
        .end(refusal('SignatureDoesNotMatch'));
      return;
    }
    const forwarded = await fetch(`http://127.0.0.1:${inner.port}${req.url}`, {
      method: req.method,
      headers: Object.fromEntries(
        Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
      ),
      body: payload.length ? new Uint8Array(payload) : undefined,
    });
    res.writeHead(forwarded.status, Object.fromEntries(forwarded.headers));
    res.end(Buffer.from(await forwarded.arrayBuffer()));
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const { port } = gate.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    async close() {
      await new Promise((resolve) => gate.close(resolve));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
