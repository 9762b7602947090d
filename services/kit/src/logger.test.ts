import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.js";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, log: createLogger({ service: "test", level: "info" }, stream) };
}

describe("logger redaction", () => {
  it("hides secrets at the top level and one level down", () => {
    const { lines, log } = capture();
    log.info({ password: "hunter2", user: { password: "p", email: "a@b.c" }, licenceCode: "ABCD-1234" }, "login");
    log.info({ req: { headers: { cookie: "sid=1", authorization: "Bearer t", host: "x" } } }, "request");
    log.info({ env: { S3_SECRET_ACCESS_KEY: "s3", MONGODB_URI: "mongodb://u:p@h", LOG_LEVEL: "info" } }, "config");
    expect(lines[0]).toMatchObject({
      service: "test",
      password: "[redacted]",
      user: { password: "[redacted]", email: "a@b.c" },
    });
    expect(lines[0]?.licenceCode).toBe("[redacted]");
    expect(lines[1]).toMatchObject({
      req: { headers: { cookie: "[redacted]", authorization: "[redacted]", host: "x" } },
    });
    expect(lines[2]).toMatchObject({
      env: { S3_SECRET_ACCESS_KEY: "[redacted]", MONGODB_URI: "[redacted]", LOG_LEVEL: "info" },
    });
  });
});
