import { DomainError } from "@turnleaf/kit";
import type { PageAudioRepository } from "../data/page-audio.repository.js";
import { displayModeChange, pageAudioTexts, requestedPageMode } from "../domain/page-audio.js";

/**
 * Spec 001 §4 on update-book: switching the page display mode (htmlConfig pageMode) clears every page audio, after a
 * confirmation. Without `clearPageAudio` a book with page audio is refused (FAILED_PRECONDITION, coded
 * `pageAudio.clearConfirm`, with the count) before anything is saved; with it the audio goes
 * once the settings are stored. Answers whether to clear after the save.
 */
export async function pageModeNeedsClear(
  pageAudio: Pick<PageAudioRepository, "count"> | undefined,
  bookId: string,
  storedHtmlConfig: Record<string, unknown>,
  request: { bookConfigJson: string; clearPageAudio: boolean },
): Promise<boolean> {
  if (!pageAudio) return false;
  if (!displayModeChange(storedHtmlConfig.pageMode, requestedPageMode(request.bookConfigJson))) return false;
  const count = await pageAudio.count(bookId);
  if (count === 0) return false;
  if (!request.clearPageAudio) {
    throw new DomainError("FAILED_PRECONDITION", pageAudioTexts.clearConfirm, {
      details: { field: "pageMode", pageAudioCount: count },
    });
  }
  return true;
}
