import { describe, expect, it } from "vitest";
import { ConfigError, env, loadConfig } from "./config.js";

const shape = {
  GRPC_PORT: env.port.default(50051),
  MONGODB_URI: env.mongodbUri,
  NATS_URL: env.natsUrl,
  PEER_ADDR: env.hostPort,
  DEMO_SEED: env.booleanFlag.default(false),
};

describe("loadConfig", () => {
  it("parses, coerces and applies defaults", () => {
    const config = loadConfig("test", shape, {
      MONGODB_URI: "mongodb://127.0.0.1:27017",
      NATS_URL: "nats://127.0.0.1:4222",
      PEER_ADDR: "book:50051",
      DEMO_SEED: "yes",
    });
    expect(config).toEqual({
      GRPC_PORT: 50051,
      MONGODB_URI: "mongodb://127.0.0.1:27017",
      NATS_URL: "nats://127.0.0.1:4222",
      PEER_ADDR: "book:50051",
      DEMO_SEED: true,
    });
  });

  it("fails with every problem listed at once", () => {
    let thrown: unknown;
    try {
      loadConfig("book", shape, { GRPC_PORT: "70000", MONGODB_URI: "postgres://x", PEER_ADDR: "", DEMO_SEED: "maybe" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems;
    expect(problems.map((problem) => problem.split(":")[0]).sort()).toEqual(
      ["DEMO_SEED", "GRPC_PORT", "MONGODB_URI", "NATS_URL", "PEER_ADDR"].sort(),
    );
    expect((thrown as ConfigError).message).toContain("book: invalid configuration");
    expect((thrown as ConfigError).message).toContain("expected a mongodb:// or mongodb+srv:// URI");
  });

  it("ignores variables its schema does not read, even malformed ones (a process may get every store's)", () => {
    const config = loadConfig(
      "conversion",
      { NATS_URL: env.natsUrl },
      { NATS_URL: "nats://127.0.0.1:4222", MONGODB_URI: "not a uri", PATH: "/usr/bin" },
    );
    expect(config).toEqual({ NATS_URL: "nats://127.0.0.1:4222" });
  });

  it("treats an empty variable as unset so the default applies", () => {
    const config = loadConfig("test", { GRPC_PORT: env.port.default(7) }, { GRPC_PORT: "" });
    expect(config.GRPC_PORT).toBe(7);
  });
});
