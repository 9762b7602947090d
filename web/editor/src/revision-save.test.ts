import { describe, expect, it } from "vitest";
import { reapply } from "./revision-save.js";

describe("reapply: my change applied again on what another save stored", () => {
  it("keeps their changes where I changed nothing, and mine where they changed nothing", () => {
    const base = { isDownloadProject: true, code: "", pdf: { url: "a", urlOnlink: "" } };
    const mine = { isDownloadProject: false, code: "", pdf: { url: "a", urlOnlink: "" } };
    const theirs = { isDownloadProject: true, code: "1234", pdf: { url: "a", urlOnlink: "b" } };
    expect(reapply(base, mine, theirs)).toEqual({
      isDownloadProject: false,
      code: "1234",
      pdf: { url: "a", urlOnlink: "b" },
    });
  });

  it("merges lists entry by entry while neither side changed their length, else takes mine", () => {
    const base = [{ title: "One" }, { title: "Two" }];
    expect(reapply(base, [{ title: "Uno" }, { title: "Two" }], [{ title: "One" }, { title: "Dos" }])).toEqual([
      { title: "Uno" },
      { title: "Dos" },
    ]);
    expect(reapply(base, [...base, { title: "Three" }], [{ title: "One" }, { title: "Dos" }])).toEqual([
      ...base,
      { title: "Three" },
    ]);
    expect(reapply(base, base, [{ title: "Only" }])).toEqual([{ title: "Only" }]);
  });

  it("takes mine where both changed the same value, and drops what I removed", () => {
    expect(reapply({ a: 1, b: 2 }, { a: 3 }, { a: 4, b: 2, c: 5 })).toEqual({ a: 3, c: 5 });
  });
});
