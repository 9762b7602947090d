import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { allowedNetworks } from "@turnleaf/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRemotePicture, type RemotePictureLimits } from "./remote-picture.js";

// A picture host on loopback (the one network these limits allow) and made-up names resolved by the test.
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/picture") return response.writeHead(200).end(Buffer.from("picture-bytes"));
    if (request.url === "/to-metadata") {
      return response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end();
    }
    if (request.url === "/to-picture") return response.writeHead(301, { location: "/picture" }).end();
    if (request.url === "/declared-big") return response.writeHead(200, { "content-length": "999999" }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const names: Record<string, string[]> = {
  "pictures.test": ["127.0.0.1"],
  "mixed.test": ["93.184.216.34", "10.0.0.7"],
};
const limits: RemotePictureLimits = {
  maxBytes: 1000,
  timeoutMs: 5000,
  allowed: allowedNetworks(["127.0.0.0/8"]),
  resolve: async (host) => (names[host] ?? []).map((address) => ({ address, family: 4 })),
};
const keyOf = async (url: string, given = limits) => {
  try {
    await fetchRemotePicture(url, given);
    return "fetched";
  } catch (error) {
    return (error as { messageKey?: string }).messageKey;
  }
};

describe("fetching a picture typed as a URL", () => {
  it("fetches from an allowed network, following a redirect on the same host", async () => {
    expect((await fetchRemotePicture(`http://pictures.test:${port}/picture`, limits)).toString()).toBe("picture-bytes");
    expect((await fetchRemotePicture(`http://127.0.0.1:${port}/to-picture`, limits)).toString()).toBe("picture-bytes");
  });

  it("refuses a private address, a name with one private address among public ones, and a redirect into one", async () => {
    expect(await keyOf(`http://127.0.0.1:${port}/picture`, { ...limits, allowed: undefined })).toBe(
      "picture.privateHost",
    );
    expect(await keyOf("http://mixed.test/logo.png")).toBe("picture.privateHost");
    expect(await keyOf(`http://127.0.0.1:${port}/to-metadata`)).toBe("picture.privateHost");
  });

  it("refuses a name that resolves to nothing, a missing file and a declared size over the limit", async () => {
    expect(await keyOf("http://nowhere.test/logo.png")).toBe("picture.unreachable");
    expect(await keyOf(`http://127.0.0.1:${port}/missing`)).toBe("picture.unreachable");
    expect(await keyOf(`http://127.0.0.1:${port}/declared-big`)).toBe("picture.tooLarge");
  });
});
