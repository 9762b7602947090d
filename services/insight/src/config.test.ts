import { describe, expect, it } from "vitest";
import { readConfig, webhookPrivateTargets } from "./config.js";

const requiredSettings = { MONGODB_URI: "mongodb://127.0.0.1:1/", NATS_URL: "nats://127.0.0.1:1" };

describe("the private networks a deployment lets webhooks reach", () => {
  it("are none by default, all with WEBHOOK_ALLOW_PRIVATE_TARGETS, or the CIDR blocks of WEBHOOK_PRIVATE_NETWORKS", () => {
    expect(webhookPrivateTargets(readConfig(requiredSettings))).toBeUndefined();
    expect(webhookPrivateTargets(readConfig({ ...requiredSettings, WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" }))).toBe(
      true,
    );
    const listed = webhookPrivateTargets(readConfig({ ...requiredSettings, WEBHOOK_PRIVATE_NETWORKS: "10.20.0.0/16" }));
    expect(listed === true ? "all" : listed?.check("10.20.3.4", "ipv4")).toBe(true);
    expect(listed === true ? "all" : listed?.check("10.21.3.4", "ipv4")).toBe(false);
  });

  it("refuses a block that is not one", () => {
    for (const value of ["10.0.0.0", "10.0.0.0/33", "example.com/8", "10.0.0.0/8,,"]) {
      expect(() => readConfig({ ...requiredSettings, WEBHOOK_PRIVATE_NETWORKS: value }), value).toThrow(
        /WEBHOOK_PRIVATE_NETWORKS: not a network block/,
      );
    }
  });
});
