/**
 * The S3-compatible driver (AWS S3, MinIO, Cloudflare R2, Backblaze B2): objects `attachments/<key>` in one
 * bucket. Uploads stream through lib-storage's Upload (multipart above one part), so at most
 * PART_SIZE × QUEUE_SIZE bytes of a file are in memory; downloads stream the response body.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '../config';
import { checkedKey, type Storage, StoredFileMissing } from './storage';

/** S3's smallest part; two in flight bound an upload's memory to about 10 MB whatever the file's size. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

export interface S3Storage extends Storage {
  readonly kind: 's3';
  readonly client: S3Client;
  readonly bucket: string;
}

export function s3Storage(config: S3StorageConfig): S3Storage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Without keys the SDK's default chain applies (an instance role, AWS_PROFILE, …).
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const bucket = config.bucket;
  const objectKey = (key: string) => `attachments/${checkedKey(key)}`;
  return {
    kind: 's3',
    client,
    bucket,
    async put(key, stream, opts = {}) {
      let bytes = 0;
      // Counts what passes; an error of the source (a cut-off upload) fails the upload, which then aborts.
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of stream) {
            bytes += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
        })(),
      );
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: counted, ContentType: opts.contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      });
      await upload.done();
      return { bytes };
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered no body stream');
        return answer.Body;
      } catch (error) {
        if (isNotFound(error)) throw new StoredFileMissing(key);
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}
