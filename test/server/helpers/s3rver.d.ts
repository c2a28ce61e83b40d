// s3rver ships no types: what the tests use of it.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  interface Options {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
