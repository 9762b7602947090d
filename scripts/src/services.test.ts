import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { freePort, portsInUse } from "./services.js";

describe("portsInUse", () => {
  it("names the loopback ports something listens on, and only those", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const taken = typeof address === "object" && address ? address.port : 0;
    try {
      const free = await freePort();
      expect(await portsInUse([free, taken])).toEqual([taken]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await portsInUse([taken])).toEqual([]);
  });
});
