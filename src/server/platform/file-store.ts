import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStoreConfig } from '../config';

/** Bytes from `start` to `end`, both included (HTTP's Range). */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded files' bytes live, by key: a directory on this machine, or an S3-compatible bucket. The
 * database's stored_files row says what a key holds and who may have it; the store only keeps bytes.
 */
export type FileStore = {
  readonly kind: 'local' | 's3';
  /** Writes the whole body under the key, replacing what was there; `byteSize` is the body's length. */
  put(
    key: string,
    body: Readable | Buffer,
    options: { contentType: string; byteSize: number },
  ): Promise<void>;
  /** The bytes under the key (or a range of them); null when there are none. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the key; nothing happens when it is already gone. */
  delete(key: string): Promise<void>;
};

/** Keys are made by the server, never taken from a client; this holds even if one ever were. */
const KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9._-]*)*$/;
function checkedKey(key: string) {
  if (!KEY.test(key) || key.includes('..')) throw new Error('Invalid file store key');
  return key;
}

/** Files under a directory: written to a partial file and renamed, so a reader never sees half a file. */
export function localFileStore(dir: string): FileStore {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    const path = resolve(root, checkedKey(key));
    if (!path.startsWith(root + sep)) throw new Error('Invalid file store key');
    return path;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.partial`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * An S3 bucket (AWS, or any server speaking its API: MinIO, Ceph, R2, Garage). The SDK is loaded on first use:
 * importing it takes about half a second, which a clinic on local files should not pay at every start.
 */
export function s3FileStore(config: Extract<FileStoreConfig, { kind: 's3' }>): FileStore {
  let loaded: Promise<{
    sdk: typeof import('@aws-sdk/client-s3');
    client: import('@aws-sdk/client-s3').S3Client;
  }>;
  const connect = () => {
    loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
        // Checksums only where S3 requires them: S3-compatible servers do not all read the newer headers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return loaded;
  };
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, body, { contentType, byteSize }) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: byteSize,
        }),
      );
    },
    async get(key, range) {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: checkedKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return answer.Body instanceof Readable ? answer.Body : null;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        if (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
  };
}

/** The store the configuration names; local files never sit under the web app's directory. */
export function createFileStore(config: { fileStore: FileStoreConfig; webDistDir: string }): FileStore {
  const store = config.fileStore;
  if (store.kind === 's3') return s3FileStore(store);
  const dir = resolve(store.dir);
  const web = resolve(config.webDistDir);
  if (dir === web || dir.startsWith(web + sep))
    throw new Error(`The file store (${dir}) must not be inside the web app's directory (${web})`);
  return localFileStore(dir);
}

/** A fresh key under a prefix, e.g. `exercise-media/2f1c…`. */
export const newFileKey = (prefix: string) => join(prefix, randomUUID()).replaceAll(sep, '/');
