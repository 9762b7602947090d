import { describe, expect, it } from "vitest";
import { conversionFailed, conversionReady, conversionStarted, firstConversion } from "./conversion-status.js";

describe("a new book's first conversion", () => {
  it("is processing until its revision is ready, then normal with the revision's page count", () => {
    expect(conversionReady(firstConversion, 1, 12)).toEqual({ readyRevision: 1, pageCount: 12, bStatus: 1 });
  });

  it("is in error when its only revision fails", () => {
    expect(conversionFailed(firstConversion, 1)).toEqual({ bStatus: 3 });
  });

  it("ignores a repeated ready or failure", () => {
    const ready = { ...firstConversion, readyRevision: 1, pageCount: 12, bStatus: 1 };
    expect(conversionReady(ready, 1, 12)).toBeNull();
    expect(conversionFailed(ready, 1)).toBeNull();
    expect(conversionFailed({ ...firstConversion, bStatus: 3 }, 1)).toBeNull();
  });
});

describe("a reconversion", () => {
  const normal = { bStatus: 1, convertingRevision: 1, readyRevision: 1, pageCount: 12 };

  it("returns to the owner's status: normal, or disabled when they had disabled the book", () => {
    const started = { ...normal, ...conversionStarted(normal, 2) };
    expect(started).toMatchObject({ bStatus: 2, convertingRevision: 2, statusAfterConversion: 1 });
    expect(conversionReady(started, 2, 20)).toEqual({ readyRevision: 2, pageCount: 20, bStatus: 1 });
    const disabled = { ...normal, bStatus: 0 };
    const startedDisabled = { ...disabled, ...conversionStarted(disabled, 2) };
    expect(conversionReady(startedDisabled, 2, 20)).toMatchObject({ bStatus: 0 });
  });

  it("keeps the earlier revision when the new one fails", () => {
    const started = { ...normal, ...conversionStarted(normal, 2) };
    expect(conversionFailed(started, 2)).toEqual({ bStatus: 1 });
    // A book from before revisions were followed: its cached page count tells it had pages.
    expect(conversionFailed({ bStatus: 2, convertingRevision: 2, pageCount: 3 }, 2)).toEqual({ bStatus: 1 });
  });

  it("is not ended by an older revision's late ready or failure", () => {
    const started = { ...normal, ...conversionStarted(normal, 3) };
    expect(conversionReady(started, 2, 20)).toEqual({ readyRevision: 2, pageCount: 20 });
    expect(conversionFailed(started, 2)).toBeNull();
  });

  it("is not started again by a retried call for the same or an older revision", () => {
    const started = { ...normal, ...conversionStarted(normal, 2) };
    expect(conversionStarted(started, 2)).toBeNull();
    expect(conversionStarted(started, 1)).toBeNull();
    expect(conversionStarted({ ...started, bStatus: 2, statusAfterConversion: 0 }, 3)).toMatchObject({
      statusAfterConversion: 0,
    });
  });
});
