import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerSystem } from "../setup/worker-stores.js";
import { numberedPdf, postAs } from "../support/insight.js";
import { uploadPdf } from "../support/system.js";
import { startWebhookReceiver } from "./webhook-receiver.js";

// Lead webhooks into private networks, straight to the API on the built processes of a stack that keeps the default
// (public targets only): loopback, private, link-local (cloud metadata) and IPv6 forms of them are refused with a
// coded message in the interface language, nothing is stored, and a local receiver never hears from the service.
const services = await workerSystem();
let bookId: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
}, 180_000);

afterAll(async () => {
  await receiver?.close();
});

async function setWebhook(webhookUrl: string, language?: string) {
  const response = await fetch(`${services.gatewayUrl}/api/insight/update-settings`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(language ? { "accept-language": language } : {}),
    },
    body: new URLSearchParams({ bookId, webhookUrl }).toString(),
  });
  return (await response.json()) as { code: string; msg: string; data: Record<string, unknown> | null };
}

describe("lead webhooks into private networks", () => {
  it("has a book", async () => {
    bookId = (await uploadPdf(services.gatewayUrl, await numberedPdf(1), { title: "Webhook targets" })).bookId;
  }, 120_000);

  it("refuses loopback, private, link-local and metadata addresses in every spelling, with a coded message", async () => {
    const cases: [string, string][] = [
      [receiver.url, "127.0.0.1"],
      ["http://169.254.169.254/latest/meta-data/iam/", "169.254.169.254"],
      ["http://10.0.0.5/hook", "10.0.0.5"],
      ["https://192.168.1.10/hook", "192.168.1.10"],
      ["http://172.20.0.1:8080/", "172.20.0.1"],
      ["http://100.100.100.200/", "100.100.100.200"],
      ["http://0.0.0.0:9000/", "0.0.0.0"],
      // Other spellings of loopback the URL parser turns into 127.0.0.1.
      ["http://2130706433/", "127.0.0.1"],
      ["http://0x7f.1/", "127.0.0.1"],
      ["http://[::1]:8080/", "[::1]"],
      ["http://[::ffff:127.0.0.1]/", "[::ffff:7f00:1]"],
      ["http://[fd00:ec2::254]/", "[fd00:ec2::254]"],
      ["http://[fe80::1]/", "[fe80::1]"],
      ["http://localhost:3000/hook", "localhost"],
      // IPv6 forms that carry a private IPv4 address: compatible, translated, 6to4, NAT64 (and its local-use
      // prefix), Teredo. Each was stored before the private-address rule came from ipaddr.js.
      ["http://[::7f00:1]/", "[::7f00:1]"],
      ["http://[::127.0.0.1]:8080/", "[::7f00:1]"],
      ["http://[::ffff:0:7f00:1]/", "[::ffff:0:7f00:1]"],
      ["http://[2002:7f00:1::]/", "[2002:7f00:1::]"],
      ["http://[2002:a9fe:a9fe::1]/latest/meta-data/", "[2002:a9fe:a9fe::1]"],
      ["http://[64:ff9b::10.0.0.1]/", "[64:ff9b::a00:1]"],
      ["http://[64:ff9b::a9fe:a9fe]/", "[64:ff9b::a9fe:a9fe]"],
      ["http://[64:ff9b:1::a00:1]/", "[64:ff9b:1::a00:1]"],
      ["http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", "[2001:0:4136:e378:8000:63bf:80ff:fffe]"],
    ];
    for (const [url, host] of cases) {
      const reply = await setWebhook(url);
      expect(reply, url).toMatchObject({
        code: "ERROR",
        data: { messageKey: "webhookUrlPrivate", messageParams: { host }, field: "webhookUrl" },
      });
      // Chinese by default, rendered by the gateway from the language service's catalogue.
      expect(reply.msg, url).toBe(`Webhook 的主机 ${host} 位于私有网络：只有公网地址可以接收线索`);
    }
    expect((await setWebhook("http://169.254.169.254/", "en")).msg).toBe(
      "the webhook's host 169.254.169.254 is in a private network: only addresses on the public internet may receive leads",
    );
    expect(await setWebhook("https://no-such-host.invalid/hook", "en")).toMatchObject({
      code: "ERROR",
      msg: "the webhook's host no-such-host.invalid cannot be found",
      data: { messageKey: "webhookUrlUnresolvable" },
    });
    // Still refused before any lookup: no http(s), credentials.
    expect(await setWebhook("file:///etc/passwd")).toMatchObject({ data: { messageKey: "webhookUrlInvalid" } });
    expect(await setWebhook("http://user:pw@10.0.0.5/")).toMatchObject({ data: { messageKey: "webhookUrlInvalid" } });

    const stored = await postAs(services.gatewayUrl, undefined, "/api/insight/get-settings", { bookId });
    expect(stored).toMatchObject({ code: "OK", data: { webhookUrl: "" } });
    // Clearing it is always allowed.
    expect(await setWebhook("")).toMatchObject({ code: "OK", data: { webhookUrl: "" } });
    expect(receiver.received).toEqual([]);
  }, 60_000);
});
