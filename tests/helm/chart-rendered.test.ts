/**
 * The Helm chart rendered (`helm template`) with every values file in helm/turnleaf/ci, and invariants over the
 * rendered manifests: they decode strictly into the Kubernetes API types (manifestcheck), and the environment each
 * Deployment gets is fed to the real config schema of its service (services/<name>/src/config.ts), so the chart
 * cannot drift from what the services require.
 */
import { describe, expect, it } from "vitest";
import {
  cases,
  componentOf,
  components,
  configSchemas,
  dependencyVendored,
  deployments,
  kind,
  type Manifest,
  manifestcheck,
  matches,
  namespace,
  podContainers,
  release,
  renderedText,
  renders,
  resolveEnv,
  runWithInput,
  schemaEnvNames,
  secretEnvNames,
  useChart,
} from "./chart-fixtures.js";

useChart({ render: true });

describe.each(cases)("helm chart rendered with ci/$file", ({ file, externalSecrets }) => {
  const manifests = () => renders.get(file) ?? [];

  it("renders manifests that decode strictly into the Kubernetes API types", async () => {
    const result = await runWithInput(manifestcheck, [], renderedText.get(file) ?? "");
    expect(result.output).toMatch(/manifestcheck: \d+ manifests decode strictly/);
    expect(result.code, result.output).toBe(0);
  });

  it("deploys every component as one Deployment, named after it", () => {
    expect(deployments(file).map(componentOf).sort()).toEqual([...components].sort());
    for (const deployment of deployments(file)) {
      expect(deployment.metadata.name).toBe(`${release}-turnleaf-${componentOf(deployment)}`);
      expect(deployment.metadata.namespace).toBe(namespace);
      expect(matches(deployment.spec.selector.matchLabels, deployment.spec.template.metadata.labels)).toBe(true);
    }
  });

  it("gives every container probes on the health service, resources and a hardened security context", () => {
    const workloads = [...deployments(file), ...kind(manifests(), "StatefulSet")];
    for (const workload of workloads) {
      const where = `${workload.kind}/${workload.metadata.name}`;
      const pod = workload.spec.template.spec;
      expect(pod.securityContext?.runAsNonRoot, where).toBe(true);
      expect(pod.securityContext?.seccompProfile?.type, where).toBe("RuntimeDefault");
      expect(pod.automountServiceAccountToken, where).toBe(false);
      for (const container of podContainers(pod)) {
        const at = `${where} ${container.name}`;
        expect(container.livenessProbe, at).toBeDefined();
        expect(container.readinessProbe, at).toBeDefined();
        for (const resource of ["cpu", "memory"]) {
          expect(container.resources?.requests?.[resource], `${at} requests.${resource}`).toBeDefined();
          expect(container.resources?.limits?.[resource], `${at} limits.${resource}`).toBeDefined();
        }
        const security = container.securityContext ?? {};
        expect(security.allowPrivilegeEscalation, at).toBe(false);
        expect(security.readOnlyRootFilesystem, at).toBe(true);
        expect(security.privileged ?? false, at).toBe(false);
        expect(security.capabilities?.drop, at).toContain("ALL");
        expect(security.capabilities?.add ?? [], at).toEqual([]);
        const user = security.runAsUser ?? pod.securityContext?.runAsUser;
        expect(Number.isInteger(user) && user > 0, `${at} runs as a numeric non-root user`).toBe(true);
        // The only writable place is an emptyDir at /tmp (or the store's data volume).
        const writable = (container.volumeMounts ?? []).map((mount: Manifest) => mount.mountPath);
        expect(writable, at).toContain("/tmp");
      }
    }
  });

  // upload-file writes each attachment (up to 100 MB) to /tmp before it stores it: an emptyDir past its sizeLimit gets
  // the pod evicted, so the gateway's must hold ten at once beside its package builds.
  it("gives the gateway a /tmp that holds ten attachments in flight", () => {
    const gateway = deployments(file).find((deployment) => componentOf(deployment) === "gateway");
    const tmp = (gateway?.spec.template.spec.volumes ?? []).find((volume: Manifest) => volume.name === "tmp");
    const limit = String(tmp?.emptyDir?.sizeLimit ?? "");
    const match = /^(\d+)(Mi|Gi)$/.exec(limit);
    expect(match, `gateway /tmp sizeLimit ${limit}`).not.toBeNull();
    const mebibytes = Number(match?.[1]) * (match?.[2] === "Gi" ? 1024 : 1);
    expect(mebibytes).toBeGreaterThanOrEqual(10 * 100);
  });

  it("probes the gRPC services on grpc.health.v1 at their port, the gateway over HTTP", () => {
    for (const deployment of deployments(file)) {
      const name = componentOf(deployment);
      const [container] = deployment.spec.template.spec.containers;
      const port = container.ports[0].containerPort;
      const env = Object.fromEntries(container.env.map((entry: Manifest) => [entry.name, entry.value]));
      for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe]) {
        if (name === "gateway") {
          expect(probe.httpGet.path).toBe("/livez");
          expect(probe.httpGet.port).toBe("http");
        } else {
          expect(probe.grpc, `${name} probe`).toEqual({ port });
        }
      }
      expect(Number(env[name === "gateway" ? "PORT" : "GRPC_PORT"])).toBe(port);
    }
  });

  it("gives every Deployment the environment its service's config schema requires", () => {
    for (const deployment of deployments(file)) {
      const name = componentOf(deployment);
      const [container] = deployment.spec.template.spec.containers;
      const names = container.env.map((entry: Manifest) => entry.name);
      expect(new Set(names).size, `${name}: duplicate env names ${names}`).toBe(names.length);
      const env = resolveEnv(container, manifests(), externalSecrets);
      const readConfig = configSchemas[name];
      expect(readConfig, `no config schema for ${name}`).toBeDefined();
      expect(() => readConfig?.(env), `${name} config`).not.toThrow();
    }
  });

  it("sets no env name that its service's config schema or the OpenTelemetry SDK does not read", async () => {
    for (const deployment of deployments(file)) {
      const name = componentOf(deployment);
      const known = await schemaEnvNames(name);
      expect(known.size, `${name}: no schema keys found`).toBeGreaterThan(3);
      for (const entry of deployment.spec.template.spec.containers[0].env) {
        if (/^OTEL_/.test(entry.name)) continue; // the SDK reads OTEL_* itself (kit/telemetry-preload)
        expect(known.has(entry.name), `${name}: ${entry.name} is not in services/${name}/src/config.ts`).toBe(true);
      }
    }
  });

  it("gives the licence service its signing key and code pepper from a Secret, and nobody else", () => {
    for (const deployment of deployments(file)) {
      const env = deployment.spec.template.spec.containers[0].env as Manifest[];
      const licenceSecrets = env.filter((entry) => /^LICENCE_(SIGNING_KEY_PEM|CODE_PEPPER)$/.test(entry.name));
      if (componentOf(deployment) !== "licence") {
        expect(licenceSecrets).toEqual([]);
        continue;
      }
      if (file !== "external-stores-values.yaml") {
        expect(licenceSecrets, "unset: the service generates them and keeps them in MongoDB").toEqual([]);
        continue;
      }
      expect(licenceSecrets.map((entry) => [entry.name, entry.valueFrom.secretKeyRef])).toEqual([
        ["LICENCE_SIGNING_KEY_PEM", { name: "turnleaf-licence-secrets", key: "signing-key.pem" }],
        ["LICENCE_CODE_PEPPER", { name: "turnleaf-licence-secrets", key: "code-pepper" }],
      ]);
    }
  });

  it("points every peer address at the peer's Service and port", () => {
    const services = kind(manifests(), "Service");
    for (const deployment of deployments(file)) {
      for (const entry of deployment.spec.template.spec.containers[0].env) {
        if (!entry.name.endsWith("_SERVICE_ADDR")) continue;
        const [host, port] = String(entry.value).split(":");
        const service = services.find((candidate) => candidate.metadata.name === host);
        expect(service, `${entry.name}=${entry.value}`).toBeDefined();
        expect(service.spec.ports.map((servicePort: Manifest) => servicePort.port)).toContain(Number(port));
        expect(componentOf(service)).toBe(entry.name.replace(/_SERVICE_ADDR$/, "").toLowerCase());
      }
    }
  });

  it("never puts a credential inline: they come from Secrets", () => {
    for (const deployment of deployments(file)) {
      for (const entry of deployment.spec.template.spec.containers[0].env) {
        if (secretEnvNames.includes(entry.name)) {
          expect(entry.valueFrom?.secretKeyRef, `${componentOf(deployment)} ${entry.name}`).toBeDefined();
        }
        if ("value" in entry) expect(String(entry.value)).not.toMatch(/:\/\/[^/@\s]+:[^/@\s]+@/);
      }
    }
  });

  it("has every Service select exactly one workload and target a port it exposes", () => {
    const workloads = [...deployments(file), ...kind(manifests(), "StatefulSet")];
    for (const service of kind(manifests(), "Service")) {
      const selected = workloads.filter((workload) =>
        matches(service.spec.selector, workload.spec.template.metadata.labels),
      );
      expect(
        selected.map((workload) => workload.metadata.name),
        `Service/${service.metadata.name}`,
      ).toHaveLength(1);
      const [workload] = selected;
      if (components.includes(componentOf(service))) expect(workload.kind).toBe("Deployment");
      const ports = workload.spec.template.spec.containers.flatMap((container: Manifest) => container.ports ?? []);
      for (const port of service.spec.ports) {
        const target = ports.find(
          (containerPort: Manifest) =>
            containerPort.name === port.targetPort || containerPort.containerPort === port.targetPort,
        );
        expect(target, `Service/${service.metadata.name} targetPort ${port.targetPort}`).toBeDefined();
      }
    }
    expect(kind(manifests(), "Service").map(componentOf)).toEqual(expect.arrayContaining(components));
  });

  it("scales the conversion workers, and only them, with an HPA that owns their replica count", () => {
    const hpas = kind(manifests(), "HorizontalPodAutoscaler");
    const conversion = deployments(file).find((deployment) => componentOf(deployment) === "conversion");
    if (file === "minimal-values.yaml") {
      expect(hpas).toEqual([]);
      expect(conversion.spec.replicas).toBe(1);
      return;
    }
    expect(hpas).toHaveLength(1);
    const [hpa] = hpas;
    expect(hpa.apiVersion).toBe("autoscaling/v2");
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: "apps/v1",
      kind: "Deployment",
      name: conversion.metadata.name,
    });
    expect(hpa.spec.minReplicas).toBeLessThanOrEqual(hpa.spec.maxReplicas);
    expect(hpa.spec.metrics.map((metric: Manifest) => metric.resource.name)).toContain("cpu");
    // Utilisation is relative to requests, and Helm must not reset the HPA's replica count on upgrade.
    expect(conversion.spec.template.spec.containers[0].resources.requests.cpu).toBeDefined();
    expect(conversion.spec).not.toHaveProperty("replicas");
  });

  it("has every PodDisruptionBudget select one Deployment", () => {
    const pdbs = kind(manifests(), "PodDisruptionBudget");
    if (file === "minimal-values.yaml") expect(pdbs).toEqual([]);
    else expect(pdbs.map(componentOf).sort()).toEqual([...components].sort());
    for (const pdb of pdbs) {
      const selected = deployments(file).filter((deployment) =>
        matches(pdb.spec.selector.matchLabels, deployment.spec.template.metadata.labels),
      );
      expect(selected, `PodDisruptionBudget/${pdb.metadata.name}`).toHaveLength(1);
    }
  });

  it("routes the Ingress, when there is one, to the gateway's HTTP port", () => {
    const ingresses = kind(manifests(), "Ingress");
    const gateway = kind(manifests(), "Service").find((service) => componentOf(service) === "gateway");
    expect(ingresses).toHaveLength(file === "external-stores-values.yaml" ? 1 : 0);
    for (const ingress of ingresses) {
      for (const rule of ingress.spec.rules) {
        for (const path of rule.http.paths) {
          expect(path.backend.service.name).toBe(gateway.metadata.name);
          expect(gateway.spec.ports.map((port: Manifest) => port.name)).toContain(path.backend.service.port.name);
        }
      }
    }
  });

  it("wires NATS to the dependency chart's Service, or to the external NATS", () => {
    const natsUrls = deployments(file).flatMap((deployment) =>
      deployment.spec.template.spec.containers[0].env.filter((entry: Manifest) => entry.name === "NATS_URL"),
    );
    // gateway, upload and conversion use NATS; power publishes hosting events, the book service consumes them; the
    // insight service consumes readers' events.
    expect(natsUrls).toHaveLength(6);
    for (const entry of natsUrls) {
      if (file === "external-stores-values.yaml") {
        expect(entry.valueFrom.secretKeyRef).toEqual({ name: "turnleaf-nats", key: "url" });
        continue;
      }
      expect(entry.value).toBe(`nats://${release}-nats.${namespace}.svc.cluster.local:4222`);
      if (dependencyVendored) {
        const service = kind(manifests(), "Service").find((candidate) => candidate.metadata.name === `${release}-nats`);
        expect(service, "the NATS dependency renders the Service the URL names").toBeDefined();
      }
    }
  });

  it("has a helm test hook that checks the gateway's /healthz", () => {
    const hooks = kind(manifests(), "Pod").filter((pod) => pod.metadata.annotations?.["helm.sh/hook"] === "test");
    expect(hooks).toHaveLength(1);
    const [pod] = hooks;
    const [container] = pod.spec.containers;
    const url = container.env.find((entry: Manifest) => entry.name === "HEALTHZ_URL").value;
    expect(url).toBe(`http://${release}-turnleaf-gateway:8080/healthz`);
    expect(pod.spec.restartPolicy).toBe("Never");
    expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
    expect(pod.spec.securityContext.runAsNonRoot).toBe(true);
  });

  it("keeps the bundled development store out unless asked for", () => {
    const devStore = kind(manifests(), "StatefulSet").filter((set) => set.metadata.name.includes("devstore"));
    expect(devStore.length).toBe(file === "minimal-values.yaml" ? 2 : 0);
  });
});
