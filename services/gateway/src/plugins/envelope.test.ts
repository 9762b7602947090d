import { DomainError, message, ref } from "@turnleaf/kit";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { frameworkErrorAnswer, registerEnvelope } from "./envelope.js";
import { MessageTexts, requestedLanguage } from "./message-texts.js";

/** Two catalogues as the language service answers them (its real files are checked in tests/language). */
const catalogues: Record<string, Record<string, string>> = {
  "zh-CN": {
    requestException: "请求异常",
    featureBlocked: "没有{feature}功能的权限，请联系客服开通",
    "feature.LOGO": "标志",
    noSuchPath: "路径不存在：{path}",
  },
  en: {
    requestException: "request exception",
    featureBlocked: "no permission for function {feature}, contact support to unlock",
    "feature.LOGO": "logo",
    noSuchPath: "no such path: {path}",
  },
};
const asked: string[] = [];
const source = {
  async getInterfaceLabels({ language }: { language: string; scope: string }) {
    asked.push(language);
    return { labels: catalogues[language.startsWith("en") ? "en" : "zh-CN"] ?? {} };
  },
};

function app() {
  const texts = new MessageTexts(source, { warn: () => undefined });
  const server = Fastify({ frameworkErrors: frameworkErrorAnswer(texts) });
  registerEnvelope(server, texts);
  server.post("/b/:link/unlock", async () => ({ ok: true }));
  server.post("/refused", async () => {
    throw new DomainError("PERMISSION_DENIED", message("featureBlocked", { feature: ref("feature.LOGO") }));
  });
  return server;
}

describe("framework errors", () => {
  it("answer a path parameter that is not valid percent-encoding, or too long, with the envelope and its 4xx", async () => {
    const server = app();
    const envelope = {
      code: "ERROR",
      data: { messageKey: "requestException", messageParams: {} },
      msg: "请求异常",
      status: "0",
      mess: "请求异常",
    };
    for (const link of ["%", "%E0%A4%A", "%ff%fe"]) {
      const response = await server.inject({ method: "POST", url: `/b/${link}/unlock` });
      expect(response.statusCode, link).toBe(400);
      expect(response.json()).toEqual(envelope);
    }
    const long = await server.inject({ method: "POST", url: `/b/${"x".repeat(5_000)}/unlock` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual(envelope);
    await server.close();
  });
});

describe("coded messages in the envelope", () => {
  it("are Chinese by default and in the Accept-Language asked for, with the key and parameters in data", async () => {
    const server = app();
    const chinese = await server.inject({ method: "POST", url: "/refused" });
    expect(chinese.json()).toMatchObject({
      code: "ERROR",
      msg: "没有标志功能的权限，请联系客服开通",
      data: { messageKey: "featureBlocked", messageParams: { feature: { key: "feature.LOGO" } } },
    });
    const english = await server.inject({ method: "POST", url: "/refused", headers: { "accept-language": "en" } });
    expect(english.json().msg).toBe("no permission for function logo, contact support to unlock");
    const missing = await server.inject({ method: "POST", url: "/nowhere", headers: { "accept-language": "en-US" } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe("no such path: /nowhere");
    await server.close();
  });

  it("ask the language service once per language while the catalogue is fresh", async () => {
    asked.length = 0;
    const server = app();
    for (let i = 0; i < 3; i += 1)
      await server.inject({ method: "POST", url: "/refused", headers: { "accept-language": "en" } });
    expect(asked).toEqual(["en"]);
    await server.close();
  });

  it("leave the key and parameters when no catalogue answers", async () => {
    const texts = new MessageTexts(
      { getInterfaceLabels: () => Promise.reject(new Error("language service down")) },
      { warn: () => undefined },
    );
    const server = Fastify();
    registerEnvelope(server, texts);
    server.post("/refused", async () => {
      throw new DomainError("PERMISSION_DENIED", message("featureBlocked", { feature: ref("feature.LOGO") }));
    });
    expect((await server.inject({ method: "POST", url: "/refused" })).json().msg).toBe(
      "featureBlocked (feature=@feature.LOGO)",
    );
    await server.close();
  });
});

describe("the requested interface language", () => {
  it("is Accept-Language's most preferred usable tag; none is the default", () => {
    expect(requestedLanguage(undefined)).toBe("");
    expect(requestedLanguage("en")).toBe("en");
    expect(requestedLanguage("fr;q=0.4, de-DE;q=0.9, *;q=0.1")).toBe("de-de");
    expect(requestedLanguage("\u0000, ja")).toBe("ja");
    expect(requestedLanguage("ko;q=0")).toBe("");
  });
});
