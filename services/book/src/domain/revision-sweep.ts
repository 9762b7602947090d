/**
 * Which of a book's stored revisions the sweep removes. Readers are served only the revision they are shown (the
 * newest finished one) and a newer one converting; an older revision's files stay a grace period after its
 * successor finished (a reader mid-book, a gateway's short memo), then go. A deleted book's files all go.
 */
export interface SweepFacts {
  /** Revisions whose files are still stored. */
  stored: readonly number[];
  /** The manifests read for them (null: none readable). */
  manifests: readonly { revision: number; state: string | undefined; updatedAt: string | undefined }[];
  bookExists: boolean;
  now: Date;
  graceMs: number;
}

export function revisionsToRemove(facts: SweepFacts): number[] {
  if (!facts.bookExists) return [...facts.stored];
  const shown = facts.manifests.filter((entry) => entry.state === "ready").sort((a, b) => b.revision - a.revision)[0];
  if (!shown) return [];
  const finishedAt = Date.parse(shown.updatedAt ?? "");
  if (!Number.isFinite(finishedAt) || facts.now.getTime() - finishedAt < facts.graceMs) return [];
  return facts.stored.filter((revision) => revision < shown.revision);
}
