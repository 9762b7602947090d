import { describe, expect, it } from "vitest";
import { ttlMemo } from "./reader-cache.js";

describe("ttlMemo", () => {
  it("shares one call among concurrent and recent requests, and calls again after the TTL", async () => {
    let clock = 0;
    let calls = 0;
    const memo = ttlMemo<number>({ ttlMs: 5_000, now: () => clock });
    const load = async () => {
      calls += 1;
      return calls;
    };
    expect(await Promise.all([memo.get("a", load), memo.get("a", load), memo.get("a", load)])).toEqual([1, 1, 1]);
    clock = 4_999;
    expect(await memo.get("a", load)).toBe(1);
    expect(await memo.get("b", load)).toBe(2);
    clock = 5_000;
    expect(await memo.get("a", load)).toBe(3);
  });

  it("keeps answers it is told to keep (not found) and forgets other failures at once", async () => {
    const memo = ttlMemo<string>({ ttlMs: 5_000, now: () => 0 });
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error(calls === 1 ? "unavailable" : "not found");
    };
    const keepNotFound = (error: unknown) => (error as Error).message === "not found";
    await expect(memo.get("x", failing, keepNotFound)).rejects.toThrow("unavailable");
    await expect(memo.get("x", failing, keepNotFound)).rejects.toThrow("not found");
    await expect(memo.get("x", failing, keepNotFound)).rejects.toThrow("not found");
    expect(calls).toBe(2);
  });

  it("holds at most maxEntries links", async () => {
    const memo = ttlMemo<number>({ ttlMs: 5_000, maxEntries: 2, now: () => 0 });
    for (const key of ["a", "b", "c"]) await memo.get(key, async () => 1);
    expect(memo.size()).toBe(2);
  });
});
