/** Who asks to upload, and into which book. */
export interface UploadAsker {
  userId: string;
  teamId: string;
  folderId: string;
  /** The book overwritten or reconverted; empty for a new book. */
  bookId: string;
}

/**
 * The seam for the power limits of another issue: free users cannot upload ('free users cannot use upload'), the
 * book count per BOOK_FILE_NUM / PUB_BOOK_NUM (QUOTA_EXCEEDED → BOOK_UPLOAD_OVER_LIMIT), the points warning. An
 * implementation asks the power service and throws the DomainError to answer; until then every upload is allowed.
 */
export interface UploadAllowance {
  assertMayUpload(asker: UploadAsker): Promise<void>;
}

export const allowEveryUpload: UploadAllowance = {
  async assertMayUpload() {},
};
