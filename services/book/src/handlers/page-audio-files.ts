import type { Logger } from "@turnleaf/kit";
import type { FileStore } from "../data/file-store.js";
import { assetKey } from "../domain/asset-upload.js";
import type { StoredPageAudio } from "../domain/page-audio.js";

/**
 * Page audio that no page uses any more: its generated speech file (an MP3 the book service made, in the owner's
 * assets) goes from the store — when a page's audio is replaced or cleared, when a page display mode switch clears
 * every page audio (spec 001 §4), and when a page edit deletes the page. An uploaded MP3 stays: it is the owner's
 * file, listed among their assets. A file that cannot be removed is logged, never failing the change that dropped it.
 */
export async function dropSpeechFiles(
  files: Pick<FileStore, "removeAsset"> | undefined,
  log: Pick<Logger, "warn"> | undefined,
  ownerId: string,
  dropped: readonly (StoredPageAudio | null)[],
): Promise<void> {
  if (!files) return;
  for (const audio of dropped) {
    if (audio?.source !== "speech" || !audio.fileId) continue;
    await files.removeAsset(assetKey(ownerId, audio.fileId)).catch((error: unknown) => {
      log?.warn({ err: error, fileId: audio.fileId }, "dropped page speech not removed");
    });
  }
}
