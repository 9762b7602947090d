import { describe, expect, it } from "vitest";
import { memoryRateLimit } from "./rate-limit.js";

describe("memoryRateLimit", () => {
  it("refuses a key's points beyond its allowance until the window ends, a refusal costing nothing, others unaffected", async () => {
    const limit = memoryRateLimit({ points: 100, windowSeconds: 60 });
    expect(await limit.take("a", 50)).toEqual({ allowed: true });
    expect(await limit.take("a", 40)).toEqual({ allowed: true });
    const refused = await limit.take("a", 20);
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // The refused 20 were not counted: 10 still fit, then nothing does.
    expect(await limit.take("a", 10)).toEqual({ allowed: true });
    expect((await limit.take("a", 1)).allowed).toBe(false);
    expect(await limit.take("b", 100)).toEqual({ allowed: true });
  });

  it("starts a key again once its window has passed", async () => {
    const limit = memoryRateLimit({ points: 2, windowSeconds: 1 });
    expect(await limit.take("a", 2)).toEqual({ allowed: true });
    expect((await limit.take("a", 1)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limit.take("a", 2)).toEqual({ allowed: true });
  });
});
