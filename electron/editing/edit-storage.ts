/** What an edit asks of Swift, through the storage rooms, for one container of one region. */
import type { ObjectInfo } from '../../shared/domain';
import { firstFreeName } from '../../shared/numbered-name';
import type { TransferSettings } from '../../shared/transfer-settings';
import { downloadObject } from '../storage/download';
import { StorageError } from '../storage/errors';
import { headObject } from '../storage/objects';
import { bareEtag } from '../storage/response-parts';
import type { StorageSession } from '../storage/session';
import { uploadFile } from '../storage/upload';

export interface EditStorage {
  /** The object as Swift has it now; undefined when it is gone. */
  head(name: string, signal?: AbortSignal): Promise<ObjectInfo | undefined>;
  /** Saves the object as `fileName` in `dir`; answers the file and the ETag of the bytes it holds. */
  download(
    name: string,
    dir: string,
    opts: { fileName?: string; overwrite?: boolean; signal?: AbortSignal },
  ): Promise<{ filePath: string; etag: string }>;
  /** Sends the file as the object, keeping the content type, metadata and expiry `like` has. */
  upload(name: string, filePath: string, like: ObjectInfo): Promise<{ etag: string; plain: boolean }>;
  /** "notes (2).txt": the first numbered name no object holds. */
  freeName(name: string): Promise<string>;
}

export function swiftEditStorage(
  session: () => StorageSession,
  region: string,
  container: string,
  settings: () => Promise<TransferSettings>,
): EditStorage {
  const head = async (name: string, signal?: AbortSignal) => {
    try {
      return await headObject(session(), region, container, name, signal);
    } catch (err) {
      if (err instanceof StorageError && err.code === 'not_found') return undefined;
      throw err;
    }
  };
  return {
    head,
    async download(name, dir, { fileName, overwrite, signal }) {
      let etag = '';
      const done = await downloadObject(session(), region, {
        container,
        name,
        targetDir: dir,
        fileName,
        overwrite,
        signal,
        // The ETag of the GET that wrote the file: a change between a HEAD and it cannot slip by.
        onStarted: (start) => {
          etag = bareEtag(start.etag);
        },
      });
      return { filePath: done.filePath, etag };
    },
    async upload(name, filePath, like) {
      const { segmentThreshold, segmentSize, streams } = await settings();
      const deleteAt = like.deleteAt ? Math.floor(Date.parse(like.deleteAt) / 1000) : undefined;
      const sent = await uploadFile(session(), region, {
        container,
        name,
        filePath,
        contentType: like.contentType || undefined,
        metadata: like.metadata,
        deleteAt: deleteAt !== undefined && deleteAt * 1000 > Date.now() ? deleteAt : undefined,
        threshold: segmentThreshold,
        segmentSize,
        concurrency: streams,
        // A large object's old segments go once the new bytes are in.
        replaces: true,
      });
      return { etag: sent.etag, plain: sent.segments === 0 };
    },
    async freeName(name) {
      const free = await firstFreeName(name, async (candidate) => (await head(candidate)) !== undefined, 100);
      if (free === undefined) throw new StorageError('conflict', `No free numbered name beside "${name}".`);
      return free;
    },
  };
}
