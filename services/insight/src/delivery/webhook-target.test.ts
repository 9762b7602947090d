import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { isPrivateAddress } from "@turnleaf/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../config.js";
import { checkWebhookTarget, deliveryFailure, postWebhook, WebhookTargetRefused } from "./webhook-target.js";

const requiredSettings = { MONGODB_URI: "mongodb://127.0.0.1:1/", NATS_URL: "nats://127.0.0.1:1" };

describe("private addresses", () => {
  it("knows loopback, private, link-local, metadata, unique-local and IPv4 inside IPv6", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "100.64.0.1",
      "169.254.169.254",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fd00:ec2::254",
      "fc00::5",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::10.0.0.1",
      "[::1]",
      "fe80::1%eth0",
      "not an address",
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ["93.184.215.14", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe("webhook targets", () => {
  const received: string[] = [];
  const server = createServer((request, response) => {
    received.push(request.url ?? "");
    request.resume();
    request.on("end", () => response.end("ok"));
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const publicThenLoopback = () => {
    let calls = 0;
    // The first answer (the check when the owner set it) is public, every later one loopback: DNS rebinding.
    return async () => {
      calls += 1;
      return [{ address: calls === 1 ? "93.184.215.14" : "127.0.0.1", family: 4 }];
    };
  };

  it("refuses private literals and names that resolve to a private address; allows them when the deployment does", async () => {
    await expect(checkWebhookTarget("http://169.254.169.254/latest/meta-data/", undefined)).rejects.toMatchObject({
      reason: "private",
      host: "169.254.169.254",
    });
    await expect(checkWebhookTarget("http://[::ffff:127.0.0.1]/", undefined)).rejects.toBeInstanceOf(
      WebhookTargetRefused,
    );
    await expect(checkWebhookTarget("http://localhost:8080/", undefined)).rejects.toMatchObject({ reason: "private" });
    // One private address among public ones is enough to refuse.
    const mixed = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    await expect(checkWebhookTarget("https://hooks.example/", undefined, mixed)).rejects.toMatchObject({
      reason: "private",
    });
    await expect(checkWebhookTarget("https://nothing.invalid/", undefined)).rejects.toMatchObject({
      reason: "unresolvable",
    });
    await expect(checkWebhookTarget("http://127.0.0.1:9/", true)).resolves.toBeUndefined();
  });

  it("allows only the private networks a deployment lists (WEBHOOK_PRIVATE_NETWORKS)", async () => {
    const { WEBHOOK_PRIVATE_NETWORKS: listed } = readConfig({
      ...requiredSettings,
      WEBHOOK_PRIVATE_NETWORKS: "127.0.0.2/32, 10.20.0.0/16",
    });
    await expect(checkWebhookTarget("http://127.0.0.2:9/", listed)).resolves.toBeUndefined();
    await expect(checkWebhookTarget("http://10.20.7.1/", listed)).resolves.toBeUndefined();
    for (const url of ["http://127.0.0.1:9/", "http://10.21.0.1/", "http://169.254.169.254/", "http://[::1]/"]) {
      await expect(checkWebhookTarget(url, listed), url).rejects.toMatchObject({ reason: "private" });
    }
  });

  it("connects only to the addresses it checked: a name rebound to loopback after the check gets no request", async () => {
    const resolve = publicThenLoopback();
    const url = `http://hooks.example:${port}/rebound`;
    await checkWebhookTarget(url, undefined, resolve);
    await expect(
      postWebhook({ url, headers: {}, body: "{}", timeoutMs: 5_000, privateTargets: undefined, resolve }),
    ).rejects.toMatchObject({ reason: "private", host: "hooks.example" });
    await expect(
      postWebhook({
        url: `http://127.0.0.1:${port}/literal`,
        headers: {},
        body: "{}",
        timeoutMs: 5_000,
        privateTargets: undefined,
      }),
    ).rejects.toMatchObject({ reason: "private" });
    expect(received).toEqual([]);
    // Allowed (on-premises): the same name reaches the loopback receiver through the checked lookup.
    expect(await postWebhook({ url, headers: {}, body: "{}", timeoutMs: 5_000, privateTargets: true, resolve })).toBe(
      200,
    );
    expect(received).toEqual(["/rebound"]);
  });

  it("logs a refusal as refused and a connection that fails as failed, never the socket's error text", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = await postWebhook({
      url: `http://127.0.0.1:${closedPort}/`,
      headers: {},
      body: "{}",
      timeoutMs: 5_000,
      privateTargets: true,
    }).catch((error: unknown) => error);
    expect(String(failure)).toContain("ECONNREFUSED");
    expect(deliveryFailure(failure)).toBe("failed");
    const refused = await postWebhook({
      url: "http://[::7f00:1]/",
      headers: {},
      body: "{}",
      timeoutMs: 5_000,
      privateTargets: undefined,
    }).catch((error: unknown) => error);
    expect(deliveryFailure(refused)).toBe("refused");
  });
});
