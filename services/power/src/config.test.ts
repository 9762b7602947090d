import { ConfigError } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { readConfig } from "./config.js";

const required = { MONGODB_URI: "mongodb://127.0.0.1:27017" };

describe("the power service's configuration", () => {
  it("hashes new passwords at N = 2^15 unless PASSWORD_HASH_LOG2N says otherwise, within 10 to 20", () => {
    expect(readConfig(required).PASSWORD_HASH_LOG2N).toBe(15);
    expect(readConfig({ ...required, PASSWORD_HASH_LOG2N: "10" }).PASSWORD_HASH_LOG2N).toBe(10);
    for (const refused of ["9", "21", "12.5", "fast"]) {
      expect(() => readConfig({ ...required, PASSWORD_HASH_LOG2N: refused }), refused).toThrow(ConfigError);
    }
  });
});
