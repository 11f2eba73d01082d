import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../appContext.js';
import { MEDIA_FILE_NAME } from '../media/mediaStore.js';
import type { DeletedAccountFiles } from '../plugins/app/index.js';
import { PostFileStore } from '../posts/postFiles.js';

/**
 * Removes a deleted account's files (chat files, post media, profile picture) after its rows
 * were committed: a file left behind by a failed removal is only storage, never a dangling row.
 * Shared by the person's own deletion and a moderator's (issue 29).
 */
export async function removeDeletedAccountFiles(
  ctx: Pick<AppContext, 'media'>,
  files: DeletedAccountFiles,
  log: FastifyBaseLogger,
): Promise<void> {
  const postFiles = new PostFileStore(ctx.media.objects);
  const removals = [
    ...files.chatFiles
      .filter((name) => MEDIA_FILE_NAME.test(name))
      .map((name) => ctx.media.objects.delete(`chat/${name}`)),
    ...files.postUrls.map((url) => postFiles.remove(url)),
    ctx.media.remove(files.profileImage),
  ];
  for (const result of await Promise.allSettled(removals)) {
    if (result.status === 'rejected') {
      log.warn({ err: result.reason }, 'a deleted account file was not removed');
    }
  }
}
