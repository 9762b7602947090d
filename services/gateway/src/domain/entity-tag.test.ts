import { describe, expect, it } from "vitest";
import { entityTag, etagMatches } from "./entity-tag.js";

describe("entity tags", () => {
  it("are weak, stable for the same body and differ for another", () => {
    const tag = entityTag('{"a":1}');
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(entityTag('{"a":1}')).toBe(tag);
    expect(entityTag('{"a":2}')).not.toBe(tag);
  });

  it("match an If-None-Match list by weak comparison, and * always", () => {
    const tag = entityTag("x");
    const opaque = tag.slice(2);
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(opaque, tag)).toBe(true);
    expect(etagMatches(`"other", ${tag}`, tag)).toBe(true);
    expect(etagMatches("*", tag)).toBe(true);
    expect(etagMatches('"other"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });
});
