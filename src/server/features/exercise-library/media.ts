import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import {
  EXERCISE_ERRORS,
  EXERCISE_IMAGE_MAX_BYTES,
  EXERCISE_IMAGE_TYPES,
  EXERCISE_VIDEO_MAX_BYTES,
  EXERCISE_VIDEO_TYPES,
  type MediaFile,
} from '../../../shared/exercise-library';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { type ByteRange, newFileKey } from '../../platform/file-store';
import type { SessionUser } from '../../platform/sessions';
import { requireCareBetweenVisits } from '../clinic-features/service';
import * as repository from './repository';
import { toMediaFile } from './service';

type Ctx = Pick<AppContext, 'db' | 'files'>;

/** file-type reads at most this many bytes to tell a file's type. */
const HEAD_BYTES = 4100;
const ALLOWED = new Map<string, number>([
  ...EXERCISE_IMAGE_TYPES.map((type) => [type, EXERCISE_IMAGE_MAX_BYTES] as const),
  ...EXERCISE_VIDEO_TYPES.map((type) => [type, EXERCISE_VIDEO_MAX_BYTES] as const),
]);

/** Past its type's limit: 413, the status for a body too large (decision 0004), naming the limit. */
const tooLarge = (contentType: string) => {
  const message = contentType.startsWith('video/')
    ? EXERCISE_ERRORS.videoTooLarge
    : EXERCISE_ERRORS.imageTooLarge;
  return new AppError('BODY_TOO_LARGE', message, { fields: { file: message } });
};
/** The request's own bytes broke off or did not parse: the client's fault, never a 500. */
const malformed = () => badRequest(EXERCISE_ERRORS.malformed);
const wrongType = () => badRequest(EXERCISE_ERRORS.fileType, { file: EXERCISE_ERRORS.fileType });

/**
 * Checks an upload as it arrives: its type from its first bytes (never its name or the browser's word), then
 * its size against that type's limit, hashing what passes. Throws as soon as either fails.
 */
async function* checkedBytes(
  source: Readable,
  found: { contentType: string; byteSize: number; sha256: string },
) {
  const hash = createHash('sha256');
  let head: Buffer[] = [];
  let headBytes = 0;
  let limit = 0;
  const decide = async () => {
    const whole = Buffer.concat(head);
    const type = (await fileTypeFromBuffer(whole))?.mime;
    limit = (type && ALLOWED.get(type)) || 0;
    if (!type || !limit) throw wrongType();
    found.contentType = type;
    if (whole.length > limit) throw tooLarge(type);
    hash.update(whole);
    head = [];
    return whole;
  };
  for await (const chunk of source as AsyncIterable<Buffer>) {
    found.byteSize += chunk.length;
    if (!limit) {
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= HEAD_BYTES) yield await decide();
      continue;
    }
    if (found.byteSize > limit) throw tooLarge(found.contentType);
    hash.update(chunk);
    yield chunk;
  }
  if (!limit) {
    if (headBytes === 0) throw badRequest(EXERCISE_ERRORS.noFile, { file: EXERCISE_ERRORS.noFile });
    yield await decide();
  }
  found.sha256 = hash.digest('hex');
}

/** A name safe in a header and a download dialog: letters, digits, dots, dashes and spaces. */
export function safeFileName(name: string) {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._ -]/g, '')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 100);
  return cleaned || 'exercise-media';
}

/**
 * Stores an exercise's picture or video: spooled to a private temporary file while it is checked, then put
 * in the file store and recorded (with its SHA-256) in stored_files. The file is the uploader's until an
 * exercise shows it.
 */
export async function uploadMedia(
  ctx: Ctx,
  caller: SessionUser,
  { stream, filename, meta }: { stream: Readable; filename: string; meta: RequestMeta },
): Promise<MediaFile> {
  await requireCareBetweenVisits(ctx.db);
  const spoolDir = await mkdtemp(join(tmpdir(), 'clinic-upload-'));
  const spool = join(spoolDir, 'upload');
  const found = { contentType: '', byteSize: 0, sha256: '' };
  const key = newFileKey('exercise-media');
  try {
    await pipeline(stream, (source: Readable) => checkedBytes(source, found), createWriteStream(spool)).catch(
      (error: unknown) => {
        // A failure of this machine's disk (ENOSPC, EACCES) stays a server error; anything else is the upload.
        if (error instanceof AppError || (error as NodeJS.ErrnoException).syscall) throw error;
        throw malformed();
      },
    );
    await ctx.files.put(key, createReadStream(spool), {
      contentType: found.contentType,
      byteSize: found.byteSize,
    });
  } catch (error) {
    // What the client had not sent yet is read and dropped, so the refusal reaches a browser still sending.
    stream.resume();
    throw error;
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await repository.insertStoredFile(tx, {
        storageKey: key,
        contentType: found.contentType,
        byteSize: found.byteSize,
        sha256: found.sha256,
        originalName: safeFileName(filename),
        uploadedBy: caller.id,
      });
      await recordActivity(tx, {
        actorId: caller.id,
        action: 'exercise_media.uploaded',
        entityType: 'stored_file',
        entityId: row.id,
        ipAddress: meta.ipAddress,
        details: { contentType: row.contentType, byteSize: row.byteSize },
      });
      return toMediaFile(row);
    });
  } catch (error) {
    await ctx.files.delete(key).catch(() => {});
    throw error;
  }
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`; one range only. Undefined: serve it whole; null: unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return undefined;
  if (size === 0) return null;
  if (!match[1]) {
    const suffix = Number(match[2]);
    return suffix === 0 ? null : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start >= size || end < start ? null : { start, end };
}

/**
 * An exercise's picture or video for those who may see the library's media (the route says who). A file no
 * exercise shows yet is its uploader's alone; any other id is 404.
 */
export async function openMedia(
  ctx: Ctx,
  caller: SessionUser,
  { fileId, range }: { fileId: string; range?: string },
) {
  await requireCareBetweenVisits(ctx.db);
  const file = await repository.findStoredFile(ctx.db, fileId);
  const visible =
    file && (file.uploadedBy === caller.id || (await repository.isExerciseMedia(ctx.db, file.id)));
  if (!file || !visible) throw notFound(EXERCISE_ERRORS.fileNotFound);
  const wanted = parseRange(range, file.byteSize);
  if (wanted === null) return { file, range: null, body: null };
  const body = await ctx.files.get(file.storageKey, wanted);
  // A row that outlived its bytes (a store emptied by hand) is answered as no file.
  if (!body) throw notFound(EXERCISE_ERRORS.fileNotFound);
  return { file, range: wanted ?? null, body };
}
