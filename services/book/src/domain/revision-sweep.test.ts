import { describe, expect, it } from "vitest";
import { revisionsToRemove } from "./revision-sweep.js";

const now = new Date("2026-11-25T12:00:00.000Z");
const hour = 3_600_000;
const at = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("the revision sweep", () => {
  it("removes revisions older than the shown one once its grace has passed, never the shown or a converting one", () => {
    const manifests = [
      { revision: 1, state: "ready", updatedAt: at(10 * hour) },
      { revision: 2, state: "ready", updatedAt: at(2 * hour) },
      { revision: 3, state: "converting", updatedAt: at(0) },
    ];
    const facts = { stored: [1, 2, 3], manifests, bookExists: true, now, graceMs: hour };
    expect(revisionsToRemove(facts)).toEqual([1]);
    expect(revisionsToRemove({ ...facts, graceMs: 3 * hour })).toEqual([]);
  });

  it("keeps everything while no revision finished, and removes all of a deleted book", () => {
    const manifests = [{ revision: 1, state: "converting", updatedAt: at(5 * hour) }];
    expect(revisionsToRemove({ stored: [1], manifests, bookExists: true, now, graceMs: hour })).toEqual([]);
    expect(revisionsToRemove({ stored: [1, 2], manifests, bookExists: false, now, graceMs: hour })).toEqual([1, 2]);
  });
});
