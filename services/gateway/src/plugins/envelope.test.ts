import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { answerFrameworkError, registerEnvelope } from "./envelope.js";

describe("framework errors", () => {
  it("answer a path parameter that is not valid percent-encoding, or too long, with the envelope and its 4xx", async () => {
    const app = Fastify({ frameworkErrors: answerFrameworkError });
    registerEnvelope(app);
    app.post("/b/:link/unlock", async () => ({ ok: true }));
    const envelope = { code: "ERROR", data: null, msg: "request exception", status: "0", mess: "request exception" };
    for (const link of ["%", "%E0%A4%A", "%ff%fe"]) {
      const response = await app.inject({ method: "POST", url: `/b/${link}/unlock` });
      expect(response.statusCode, link).toBe(400);
      expect(response.json()).toEqual(envelope);
    }
    const long = await app.inject({ method: "POST", url: `/b/${"x".repeat(5_000)}/unlock` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual(envelope);
    await app.close();
  });
});
