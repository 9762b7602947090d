import { describe, expect, it } from "vitest";
import { memoryRateLimit } from "./rate-limits.js";

describe("memoryRateLimit", () => {
  it("refuses a key's points beyond its allowance until the window ends, a refusal costing nothing, others unaffected", async () => {
    const limit = memoryRateLimit("unit-a", { points: 100, durationSeconds: 60 });
    expect(await limit.take("a", 50)).toMatchObject({ allowed: true, consumed: 50 });
    expect(await limit.take("a", 40)).toMatchObject({ allowed: true, consumed: 90 });
    const refused = await limit.take("a", 20);
    expect(refused).toMatchObject({ allowed: false, consumed: 90 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // The refused 20 were not counted: 10 still fit, then nothing does.
    expect(await limit.take("a", 10)).toMatchObject({ allowed: true });
    expect((await limit.take("a", 1)).allowed).toBe(false);
    expect(await limit.take("b", 100)).toMatchObject({ allowed: true });
  });

  it("starts a key again once its window has passed", async () => {
    const limit = memoryRateLimit("unit-b", { points: 2, durationSeconds: 1 });
    expect(await limit.take("a", 2)).toMatchObject({ allowed: true });
    expect((await limit.take("a", 1)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limit.take("a", 2)).toMatchObject({ allowed: true });
  });

  it("counts failures past the allowance, peeks without spending, forgets, and blocks without shortening a block", async () => {
    const limit = memoryRateLimit("unit-c", { points: 2, durationSeconds: 60 });
    expect(await limit.peek("a")).toEqual({ allowed: true, consumed: 0, retryAfterSeconds: 0 });
    await limit.count("a");
    await limit.count("a");
    expect(await limit.count("a")).toMatchObject({ consumed: 3 });
    expect(await limit.peek("a")).toMatchObject({ allowed: false, consumed: 3 });
    await limit.forget("a");
    expect((await limit.peek("a")).allowed).toBe(true);
    await limit.block("a", 30);
    await limit.block("a", 5);
    const blocked = await limit.peek("a");
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(25);
  });
});
