/**
 * Job subjects under a prefix of their own, on a stream named after it (no other consumer sees them).
 * Plain JavaScript, so that the worker child (worker-child.mjs) runs without a TypeScript loader; its types are in
 * harness-subjects.d.mts.
 * @param {string} prefix
 */
export function testSubjects(prefix) {
  return {
    stream: prefix.toUpperCase(),
    requested: `${prefix}.job.*.requested`,
    progress: (jobId) => `${prefix}.job.${jobId}.progress`,
    deadLetter: (durable) => `${prefix}.dead.${durable}`,
    bookReady: (bookId) => `${prefix}.book.${bookId}.ready`,
    pages: (jobId, run, firstPage) => `${prefix}.job.${jobId}.pages.${run}.${firstPage}`,
    pagesFilter: `${prefix}.job.*.pages.*.*`,
    ocr: (jobId, run) => `${prefix}.job.${jobId}.ocr.${run}`,
    ocrFilter: `${prefix}.job.*.ocr.*`,
    landed: (jobId, run) => `${prefix}.job.${jobId}.landed.${run}`,
  };
}
