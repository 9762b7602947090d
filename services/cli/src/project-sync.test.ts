import { describe, expect, it } from "vitest";
import type { Project } from "./project.js";
import { changedParts, describeChanges, fingerprint, localFingerprints, localParts } from "./project-sync.js";

const project = (parts: Record<string, unknown>) => ({ settings: {}, ...parts }) as unknown as Project;

describe("what changed since the last sync", () => {
  it("ignores key order and names the changed parts", () => {
    expect(fingerprint({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(fingerprint({ b: [1, { d: 3, c: 2 }], a: 1 }));
    const before = localFingerprints(localParts(project({ settings: { bgColor: "#111111" }, toc: [] })));
    const same = localFingerprints(localParts(project({ toc: [], settings: { bgColor: "#111111" } })));
    expect(changedParts(before, same)).toEqual([]);
    const now = localFingerprints(
      localParts(project({ settings: { bgColor: "#222222" }, toc: [], bookmarks: [{ caption: "A", page: 1 }] })),
    );
    expect(changedParts(before, now)).toEqual(["settings", "bookmarks"]);
  });

  it("says which setting keys changed, and which other parts", () => {
    expect(
      describeChanges(
        { settings: { bgColor: "#111111", flipTime: 0.3 }, languages: [{ code: "en" }] },
        { settings: { bgColor: "#222222", flipTime: 0.3, hardCover: true }, languages: [{ code: "en" }], toc: [] },
      ),
    ).toEqual(["settings: bgColor, hardCover", "toc"]);
    expect(describeChanges({ settings: {} }, { settings: {} })).toEqual([]);
  });
});
