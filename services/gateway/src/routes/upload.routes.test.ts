import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { chunkBody } from "./upload.routes.js";

describe("chunkBody (upload-book-files)", () => {
  it("takes the octet-stream body as it streams, and refuses a parsed form, JSON or no body with HTTP 415", () => {
    const stream = Readable.from([Buffer.from("abc")]);
    expect(chunkBody(stream)).toBe(stream);
    for (const body of [undefined, null, { taskId: "x" }, "text", Buffer.from("abc")]) {
      expect(() => chunkBody(body)).toThrow(expect.objectContaining({ statusCode: 415 }));
    }
  });
});
