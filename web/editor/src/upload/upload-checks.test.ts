import { describe, expect, it } from "vitest";
import { teamAndFolder, uploadFormProblem } from "./upload-checks.js";

const labels = {
  titleRequired: "title",
  noFile: "file",
  overwriteRequired: "overwrite",
  pageRangeInvalid: "range",
};
const filled = { title: "Book", files: [{}], overwrite: false, overwriteNumber: "", range: "" };

describe("the upload form's checks", () => {
  it("says the first thing missing: title, file, the book to overwrite, a readable page range", () => {
    expect(uploadFormProblem({ ...filled, title: "  " }, labels)).toBe("title");
    expect(uploadFormProblem({ ...filled, files: [] }, labels)).toBe("file");
    expect(uploadFormProblem({ ...filled, overwrite: true }, labels)).toBe("overwrite");
    expect(uploadFormProblem({ ...filled, overwrite: true, overwriteNumber: "12" }, labels)).toBeUndefined();
    expect(uploadFormProblem({ ...filled, range: "x-" }, labels)).toBe("range");
    expect(uploadFormProblem(filled, labels)).toBeUndefined();
  });

  it("keeps the team and folder only when they are not the user's own", () => {
    expect(teamAndFolder({ tid: "0", fid: "0" })).toEqual({});
    expect(teamAndFolder({ tid: "3", fid: "0" })).toEqual({ tid: "3", fid: "0" });
  });
});
