import type { PictureColumn, UploadsRepository } from '../plugins/app/uploads-repository.js';
import { POST_MEDIA_PREFIX } from '../posts/postFiles.js';
import { MEDIA_FILE_NAME, MEDIA_URL_PREFIX } from './mediaStore.js';
import type { ObjectStore } from './store/objectStore.js';

/**
 * A folder under the media root and the question "which of these names does a row still point
 * at?". Post, profile and group pictures have no row of their own: the post, user or group that
 * shows one names it by URL.
 */
interface UploadFolder {
  folder: string;
  referenced(uploads: UploadsRepository, names: string[]): Promise<Set<string>>;
}

/** A folder whose files are named by URL (`prefix` + name) in one column. */
function namedByUrl(folder: string, prefix: string, column: PictureColumn): UploadFolder {
  return {
    folder,
    async referenced(uploads, names) {
      const urls = await uploads.pictureUrlsIn(
        column,
        names.map((name) => `${prefix}${name}`),
      );
      return new Set([...urls].map((url) => url.slice(prefix.length)));
    },
  };
}

export const UPLOAD_FOLDERS: readonly UploadFolder[] = [
  {
    // A chat file whose row is gone (the process stopped between the sweep's delete and unlink).
    folder: 'chat',
    referenced: (uploads, names) => uploads.storedNamesIn(names),
  },
  namedByUrl('posts', POST_MEDIA_PREFIX, 'postContent'),
  namedByUrl('profile-images', `${MEDIA_URL_PREFIX}profile-images/`, 'profileImage'),
  namedByUrl('group-images', `${MEDIA_URL_PREFIX}group-images/`, 'groupImage'),
];

export interface StrayFileSweep {
  uploads: UploadsRepository;
  objects: ObjectStore;
  /** Files modified after this (ms since the epoch) are left alone: they may be about to be named. */
  before: number;
  /** Names checked against the database per query. */
  batchSize: number;
  /** At most this many files are removed in one pass. */
  maxRemoved: number;
  /** Checked between batches: a closing server stops early. */
  stopped(): boolean;
}

/**
 * Removes stored files (disk or bucket) that no row names and that are older than `before`: a
 * picture replaced by two profile updates at once, a post or group whose insert failed after its
 * file was written, a chat file whose row the upload sweep deleted just before a crash. Names the
 * stores could not have written (dot files, anything else) are never touched. Returns the names
 * removed, per folder.
 */
export async function sweepStrayFiles(options: StrayFileSweep): Promise<Map<string, string[]>> {
  const removed = new Map<string, string[]>();
  let total = 0;
  for (const { folder, referenced } of UPLOAD_FOLDERS) {
    const gone: string[] = [];
    let batch: string[] = [];
    const flush = async () => {
      const keep = await referenced(options.uploads, batch);
      for (const name of batch) {
        if (keep.has(name) || total >= options.maxRemoved) continue;
        // Another instance sharing the store may have removed it already: that is fine.
        await options.objects.delete(`${folder}/${name}`);
        gone.push(name);
        total += 1;
      }
      batch = [];
    };
    for await (const object of options.objects.list(`${folder}/`)) {
      if (options.stopped() || total >= options.maxRemoved) break;
      const name = object.key.slice(folder.length + 1);
      if (!MEDIA_FILE_NAME.test(name) || object.modifiedAt >= options.before) continue;
      batch.push(name);
      if (batch.length >= options.batchSize) await flush();
    }
    if (batch.length > 0 && !options.stopped()) await flush();
    if (gone.length > 0) removed.set(folder, gone);
  }
  return removed;
}
