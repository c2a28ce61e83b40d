import 'server-only';

/** What kind of file: each lives under its own prefix. */
export type Folder = 'avatars' | 'kyc' | 'support';

/** Where uploaded bytes are kept: the local disk or an S3-compatible bucket. */
export interface FileStore {
  put(folder: Folder, name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(folder: Folder, name: string): Promise<Buffer | null>;
  /** Removing a file that is not there is not an error. */
  delete(folder: Folder, name: string): Promise<void>;
}
