/**
 * The Helm chart's optional values rendered on top of the CI defaults: the support contact, pictures on private
 * networks, metrics (ServiceMonitor, alert rules, dashboard) and payments, each checked against the config schema
 * of the service that reads it, and refused by the chart when malformed.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { readConfig as bookConfig } from "@turnleaf/book/in-process";
import { readConfig as gatewayConfig } from "@turnleaf/gateway/in-process";
import { readConfig as insightConfig, webhookPrivateTargets } from "@turnleaf/insight/in-process";
import { readConfig as powerConfig } from "@turnleaf/power/in-process";
import { describe, expect, it } from "vitest";
import {
  componentOf,
  components,
  envOf,
  kind,
  type Manifest,
  parseManifests,
  root,
  useChart,
  withValues,
} from "./chart-fixtures.js";

useChart({ render: false });

describe("helm chart: support contact", () => {
  // The value `supportContact` is the gateway's SUPPORT_CONTACT (the link the editor's support QR code encodes).
  it.each([
    "mailto:help@books.example.com",
    "tel:+49 (30) 1234-5678",
    "https://help.example.com/support?topic=limits&lang=zh-CN#contact",
  ])("gives the gateway, and only it, SUPPORT_CONTACT=%s, which its config accepts", async (contact) => {
    const result = await withValues({ supportContact: contact });
    expect(result.ok, result.output).toBe(true);
    const env = envOf(result.output, "gateway");
    expect(env.SUPPORT_CONTACT).toBe(contact);
    expect(gatewayConfig(env).SUPPORT_CONTACT).toBe(contact);
    for (const component of components.filter((name) => name !== "gateway")) {
      expect(envOf(result.output, component).SUPPORT_CONTACT, component).toBeUndefined();
    }
  });

  it("leaves the gateway's placeholder without the value", async () => {
    const result = await withValues({});
    expect(result.ok, result.output).toBe(true);
    const env = envOf(result.output, "gateway");
    expect(env.SUPPORT_CONTACT).toBeUndefined();
    expect(gatewayConfig(env).SUPPORT_CONTACT).toBe("mailto:support@turnleaf.local");
  });

  it("refuses a contact that is not a mailto:, tel: or http(s) link before anything is deployed", async () => {
    for (const contact of ["javascript:alert(1)", "support@example.com", "https://help example.com", "x".repeat(501)]) {
      const result = await withValues({ supportContact: contact });
      expect(result.ok, contact).toBe(false);
      expect(result.output, contact).toContain("supportContact");
    }
  });

  it("takes the contact only from the checked value: a component env may neither set nor blank it", async () => {
    for (const contact of ["javascript:alert(1)", ""]) {
      const result = await withValues({
        supportContact: "mailto:help@books.example.com",
        components: { gateway: { env: { SUPPORT_CONTACT: contact } } },
      });
      expect(result.ok, contact).toBe(false);
      expect(result.output).toContain(
        "components.gateway: SUPPORT_CONTACT is set by the chart and may not be overridden",
      );
    }
    const viaDefault = await withValues({ default: { env: { SUPPORT_CONTACT: "mailto:a@b.example" } } });
    expect(viaDefault.ok).toBe(false);
    expect(viaDefault.output).toContain("default.env: SUPPORT_CONTACT is set by the chart");
  });
});

describe("helm chart: lead webhooks into private networks", () => {
  it("gives the insight service the listed networks, which its config accepts; none by default", async () => {
    const listed = await withValues({ webhooks: { privateNetworks: ["10.20.0.0/16", "fd00::/8"] } });
    expect(listed.ok, listed.output).toBe(true);
    const env = envOf(listed.output, "insight");
    expect(env.WEBHOOK_PRIVATE_NETWORKS).toBe("10.20.0.0/16,fd00::/8");
    const targets = webhookPrivateTargets(insightConfig(env));
    expect(targets === true ? "all" : targets?.check("10.20.3.4", "ipv4")).toBe(true);
    expect(targets === true ? "all" : targets?.check("10.21.3.4", "ipv4")).toBe(false);
    const none = await withValues({});
    expect(none.ok, none.output).toBe(true);
    expect(envOf(none.output, "insight").WEBHOOK_PRIVATE_NETWORKS).toBeUndefined();
    expect(webhookPrivateTargets(insightConfig(envOf(none.output, "insight")))).toBeUndefined();
  });

  it("refuses a value that is not a network block before anything is deployed", async () => {
    const result = await withValues({ webhooks: { privateNetworks: ["10.0.0.0"] } });
    expect(result.ok).toBe(false);
    expect(result.output).toContain("webhooks");
  });
});

describe("helm chart: pictures on other sites", () => {
  it("gives the book service the allowed private networks, which its config accepts; none by default", async () => {
    const allowed = await withValues({ remotePictures: { privateNetworks: ["10.20.0.0/16", "fd00::/8"] } });
    expect(allowed.ok, allowed.output).toBe(true);
    const env = envOf(allowed.output, "book");
    expect(env.REMOTE_PICTURE_PRIVATE_NETWORKS).toBe("10.20.0.0/16,fd00::/8");
    expect(bookConfig(env).REMOTE_PICTURE_PRIVATE_NETWORKS?.check("10.20.3.4", "ipv4")).toBe(true);
    expect(bookConfig(env).REMOTE_PICTURE_PRIVATE_NETWORKS?.check("10.21.3.4", "ipv4")).toBe(false);
    const none = await withValues({});
    expect(none.ok, none.output).toBe(true);
    expect(envOf(none.output, "book").REMOTE_PICTURE_PRIVATE_NETWORKS).toBeUndefined();
  });

  it("refuses a value that is not a network block before anything is deployed", async () => {
    for (const block of ["10.0.0.0", "internal.example.com/8", "10.0.0.0/8,192.168.0.0/16"]) {
      const result = await withValues({ remotePictures: { privateNetworks: [block] } });
      expect(result.ok, block).toBe(false);
      expect(result.output, block).toContain("remotePictures");
    }
  });
});

describe("helm chart: metrics", () => {
  /** The metric names the processes define (services/kit and each service's own metrics modules). */
  const definedMetrics = async () => {
    const names = new Set<string>();
    for (const dir of await readdir(join(root, "services"))) {
      const src = join(root, "services", dir, "src");
      if (!existsSync(src)) continue;
      for (const entry of await readdir(src, { recursive: true })) {
        if (!String(entry).endsWith(".ts")) continue;
        const text = await readFile(join(src, String(entry)), "utf8");
        for (const match of text.matchAll(/name: "(turnleaf_[a-z0-9_]+)"/g)) names.add(match[1] as string);
      }
    }
    return names;
  };
  /** Every `turnleaf_…` series an expression reads, without the histogram suffixes. */
  const seriesIn = (expression: string) =>
    [...expression.matchAll(/\b(turnleaf_[a-z0-9_]+)/g)].map((match) =>
      (match[1] as string).replace(/_(bucket|count|sum)$/, ""),
    );

  it("gives every component a metrics port on its Pod and Service and tells the process to serve it there", async () => {
    const rendered = await withValues({});
    expect(rendered.ok, rendered.output).toBe(true);
    const manifests = parseManifests(rendered.output);
    for (const component of components) {
      const deployment = kind(manifests, "Deployment").find((manifest) => componentOf(manifest) === component);
      const container = deployment?.spec.template.spec.containers[0];
      expect(container.ports, component).toContainEqual({ name: "metrics", containerPort: 9464, protocol: "TCP" });
      expect(envOf(rendered.output, component).METRICS_PORT, component).toBe("9464");
      const service = kind(manifests, "Service").find((manifest) => componentOf(manifest) === component);
      expect(
        service.spec.ports.map((port: { name: string }) => port.name),
        component,
      ).toContain("metrics");
    }
    const off = await withValues({ metrics: { enabled: false } });
    expect(envOf(off.output, "book").METRICS_PORT).toBeUndefined();
  });

  it("renders the ServiceMonitor, alert rules and dashboard on request, reading only metrics the services define", async () => {
    const rendered = await withValues({
      metrics: { serviceMonitor: { enabled: true }, prometheusRule: { enabled: true }, dashboard: { enabled: true } },
    });
    expect(rendered.ok, rendered.output).toBe(true);
    const manifests = parseManifests(rendered.output);
    const [monitor] = kind(manifests, "ServiceMonitor");
    const services = kind(manifests, "Service").filter((manifest) => componentOf(manifest));
    for (const service of services) {
      for (const [key, value] of Object.entries(monitor.spec.selector.matchLabels)) {
        expect(service.metadata.labels[key], `${service.metadata.name} ${key}`).toBe(value);
      }
    }
    expect(monitor.spec.endpoints[0].port).toBe("metrics");
    const defined = await definedMetrics();
    expect(defined.size).toBeGreaterThan(1);
    const [rule] = kind(manifests, "PrometheusRule");
    const expressions: string[] = rule.spec.groups.flatMap((group: { rules: { expr: string }[] }) =>
      group.rules.map((entry) => entry.expr),
    );
    const [dashboard] = kind(manifests, "ConfigMap").filter((manifest) => manifest.data?.["turnleaf.json"]);
    const panels = JSON.parse(dashboard.data["turnleaf.json"]).panels as { targets: { expr: string }[] }[];
    expressions.push(...panels.flatMap((panel) => panel.targets.map((target) => target.expr)));
    for (const series of expressions.flatMap(seriesIn)) expect(defined, series).toContain(series);
    const none = parseManifests((await withValues({})).output);
    expect(kind(none, "ServiceMonitor")).toEqual([]);
    expect(kind(none, "PrometheusRule")).toEqual([]);
  });
});

describe("helm chart: payments", () => {
  const powerEnv = (rendered: string) => {
    const deployment = kind(parseManifests(rendered), "Deployment").find(
      (manifest) => componentOf(manifest) === "power",
    );
    return deployment?.spec.template.spec.containers[0].env as Manifest[];
  };

  it("gives the power service the prices and, with Stripe, its keys from the named Secret; its config accepts them", async () => {
    const none = await withValues({});
    expect(none.ok, none.output).toBe(true);
    const plain = Object.fromEntries(
      powerEnv(none.output)
        .filter((entry) => "value" in entry)
        .map((entry) => [entry.name, entry.value]),
    );
    expect(plain).toMatchObject({
      PAYMENT_PROVIDER: "none",
      POINT_PACKS: "10:0,50:10,100:20",
      VIP_MONTHLY_PRICE: "999",
      VIP_YEARLY_PRICE: "9900",
    });
    expect(powerEnv(none.output).some((entry) => entry.name.startsWith("STRIPE_"))).toBe(false);

    const stripe = await withValues({
      payments: { provider: "stripe", pointPacks: "20:0,200:15", stripe: { existingSecret: "turnleaf-stripe" } },
    });
    expect(stripe.ok, stripe.output).toBe(true);
    const env = powerEnv(stripe.output);
    expect(
      env
        .filter((entry) => entry.name.startsWith("STRIPE_"))
        .map((entry) => [entry.name, entry.valueFrom?.secretKeyRef]),
    ).toEqual([
      ["STRIPE_SECRET_KEY", { name: "turnleaf-stripe", key: "secret-key" }],
      ["STRIPE_WEBHOOK_SECRET", { name: "turnleaf-stripe", key: "webhook-secret" }],
    ]);
    const values = Object.fromEntries(env.map((entry) => [entry.name, entry.value ?? "from-secret"]));
    const config = powerConfig({ ...values, MONGODB_URI: "mongodb://db:27017" });
    expect(config).toMatchObject({ PAYMENT_PROVIDER: "stripe", POINT_PACKS: "20:0,200:15", VIP_YEARLY_PRICE: 9900 });
  });

  it("refuses Stripe without its Secret, and prices or packs of the wrong shape, before anything is deployed", async () => {
    const missing = await withValues({ payments: { provider: "stripe" } });
    expect(missing.ok).toBe(false);
    expect(missing.output).toContain("payments.stripe.existingSecret");
    for (const payments of [
      { pointPacks: "ten" },
      { vipMonthlyPrice: 0 },
      { provider: "paypal" },
      { currency: "USD" },
    ]) {
      const result = await withValues({ payments });
      expect(result.ok, JSON.stringify(payments)).toBe(false);
      expect(result.output, JSON.stringify(payments)).toContain("payments");
    }
  });
});
