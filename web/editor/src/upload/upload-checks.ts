import type { Labels } from "../labels.js";
import type { Query } from "../route.js";
import { isPageRange } from "./upload-engine.js";

/** What the upload form holds that is checked before anything is sent. */
export interface UploadFormValues {
  title: string;
  files: readonly unknown[];
  overwrite: boolean;
  overwriteNumber: string;
  range: string;
}

/** The first thing missing or wrong in the upload form, said as its message; undefined when it may be sent. */
export function uploadFormProblem(
  form: UploadFormValues,
  labels: Pick<Labels, "titleRequired" | "noFile" | "overwriteRequired" | "pageRangeInvalid">,
): string | undefined {
  if (!form.title.trim()) return labels.titleRequired;
  if (form.files.length === 0) return labels.noFile;
  if (form.overwrite && !form.overwriteNumber.trim()) return labels.overwriteRequired;
  if (form.range.trim() && !isPageRange(form.range)) return labels.pageRangeInvalid;
  return undefined;
}

/** The team and folder to stay in when going to another screen: none when both are the user's own (0). */
export function teamAndFolder(query: Pick<Query, "tid" | "fid">): Record<string, string> {
  return query.tid !== "0" || query.fid !== "0" ? { tid: query.tid, fid: query.fid } : {};
}
