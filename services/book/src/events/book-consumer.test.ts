import { streams, subjects } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { deadLetterSubject } from "./book-consumer.js";

describe("deadLetterSubject", () => {
  it("names the dead-letter subject of the stream the events came from", () => {
    expect(deadLetterSubject(streams.book, "book-ready")).toBe("book.v1.dead.book-ready");
    expect(deadLetterSubject(streams.power, "book-hosting")).toBe("power.v1.dead.book-hosting");
    // The conversion service reads its own dead letters under the kit's name for them.
    expect(deadLetterSubject(streams.conversion, "book-conversion")).toBe(
      subjects.conversionDeadLetter("book-conversion"),
    );
  });

  it("refuses a stream whose subjects are not one domain's events", () => {
    expect(() => deadLetterSubject({ name: "ODD", subjects: ["odd.>"], maxAgeMs: 1 }, "x")).toThrow(/ODD/);
  });
});
