/**
 * The chart installed on a real Kubernetes API server (tests/cluster/kube-cluster.ts), once per values file in
 * helm/turnleaf/ci, each into its own namespace with Pod Security `restricted` enforced. What a platform team's
 * cluster would refuse, this refuses:
 * - every rendered object passes the API server's strict field validation and admission (`kubectl create
 *   --dry-run=server --validate=strict`), with no warning;
 * - `helm install` succeeds with no warning, and the controller manager turns every Deployment and StatefulSet
 *   into Pods that Pod Security admits (Pod Security checks Pods only; a Deployment is merely warned about).
 * A control case proves the check can fail: a Deployment whose pods break `restricted` ends in FailedCreate.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderableChart } from "../helm/chart-copy.js";
import { chartDir } from "../helm/values-doc.js";
import { type KubeCluster, startKubeCluster, waitForNamespace } from "./kube-cluster.js";

let scratch: string;
let cluster: KubeCluster;
let chart: string;
const valuesFiles = (await readdir(join(chartDir, "ci"))).filter((file) => file.endsWith("-values.yaml")).sort();

interface Workload {
  kind: string;
  metadata: { name: string };
  spec: { replicas?: number };
  status: { replicas?: number; conditions?: { type: string; message?: string }[] };
}

async function restrictedNamespace(name: string): Promise<void> {
  const namespace = {
    apiVersion: "v1",
    kind: "Namespace",
    metadata: {
      name,
      labels: {
        "pod-security.kubernetes.io/enforce": "restricted",
        "pod-security.kubernetes.io/enforce-version": "latest",
        "pod-security.kubernetes.io/warn": "restricted",
        "pod-security.kubernetes.io/audit": "restricted",
      },
    },
  };
  await cluster.kubectl(["apply", "-f", "-"], JSON.stringify(namespace));
  await waitForNamespace(cluster, name);
}

/** Warnings the API server or admission sent back (client-go prints them as `Warning: …` on stderr). */
const warnings = (stderr: string) => stderr.split("\n").filter((line) => /warning/i.test(line));

/**
 * The Deployments and StatefulSets, which `helm install` has created by the time it returns. (Their ReplicaSets are
 * made later by the controller manager: counted while one was still missing, the pods expected came out short.)
 */
async function workloads(namespace: string): Promise<Workload[]> {
  const { stdout } = await cluster.kubectl(["-n", namespace, "get", "deployments,statefulsets", "-o", "json"]);
  return (JSON.parse(stdout) as { items: Workload[] }).items;
}

/**
 * The fewest replicas each autoscaled workload's HorizontalPodAutoscaler asks for, by workload name. A Deployment
 * under an autoscaler is installed without `replicas` (1), and the autoscaler raises it to its minimum on its next
 * sync, metrics or not: counted before that, a workload expected one pod fewer than it then had (16 pods for 15).
 */
async function autoscalerMinimums(namespace: string): Promise<Map<string, number>> {
  const { stdout } = await cluster.kubectl(["-n", namespace, "get", "horizontalpodautoscalers", "-o", "json"]);
  const items = (
    JSON.parse(stdout) as { items: { spec: { scaleTargetRef: { name: string }; minReplicas?: number } }[] }
  ).items;
  return new Map(items.map((hpa) => [hpa.spec.scaleTargetRef.name, hpa.spec.minReplicas ?? 1]));
}

async function failedCreates(namespace: string): Promise<string[]> {
  const { stdout } = await cluster.kubectl([
    "-n",
    namespace,
    "get",
    "events",
    "--field-selector",
    "reason=FailedCreate",
    "-o",
    "json",
  ]);
  return (JSON.parse(stdout) as { items: { message: string }[] }).items.map((event) => event.message);
}

/**
 * Waits until every Deployment and StatefulSet counts all its Pods (a Deployment's `status.replicas` counts its
 * ReplicaSets' pods), each autoscaled one at its autoscaler's minimum at least, or a ReplicaSet or StatefulSet
 * reports a refusal.
 */
async function podsSettled(
  namespace: string,
  timeoutMs = 90_000,
): Promise<{ workloads: Workload[]; refusals: string[]; minimums: Map<string, number> }> {
  const deadline = Date.now() + timeoutMs;
  const minimums = await autoscalerMinimums(namespace);
  for (;;) {
    const current = await workloads(namespace);
    const refusals = await failedCreates(namespace);
    const complete =
      current.length > 0 &&
      current.every(
        (w) =>
          (w.status.replicas ?? 0) === (w.spec.replicas ?? 1) &&
          (w.spec.replicas ?? 1) >= (minimums.get(w.metadata.name) ?? 0),
      );
    if (refusals.length > 0 || complete || Date.now() > deadline) return { workloads: current, refusals, minimums };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "turnleaf-cluster-"));
  ({ chart } = await renderableChart(chartDir, scratch));
  cluster = await startKubeCluster(join(scratch, "cluster"));
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("the chart on a real API server with Pod Security restricted", () => {
  for (const file of valuesFiles) {
    const name = file.replace(/-values\.yaml$/, "");
    it(`${name}: every object passes strict server-side validation and admission, and every pod is admitted`, async () => {
      const namespace = `tl-${name}`;
      await restrictedNamespace(namespace);
      const values = join(chartDir, "ci", file);
      const { stdout: rendered } = await cluster.helm(["template", "tl", chart, "-n", namespace, "-f", values]);
      const dryRun = await cluster.kubectl(
        ["-n", namespace, "create", "--dry-run=server", "--validate=strict", "-f", "-"],
        rendered,
      );
      expect(warnings(dryRun.stderr)).toEqual([]);

      const install = await cluster.helm(["install", "tl", chart, "-n", namespace, "-f", values]);
      expect(warnings(install.stderr)).toEqual([]);
      const { workloads: made, refusals, minimums } = await podsSettled(namespace);
      expect(refusals).toEqual([]);
      expect(made.length).toBeGreaterThan(0);
      for (const workload of made) {
        const name = `${workload.kind} ${workload.metadata.name}`;
        expect(workload.status.replicas ?? 0, name).toBe(workload.spec.replicas ?? 1);
        // The autoscaler's scale-up to its minimum was admitted too.
        expect(workload.spec.replicas ?? 1, name).toBeGreaterThanOrEqual(minimums.get(workload.metadata.name) ?? 0);
      }
      // Every pod the workloads asked for exists (Pending: this cluster runs no scheduler or kubelet).
      const podCount = async () => {
        const { stdout: pods } = await cluster.kubectl(["-n", namespace, "get", "pods", "-o", "name"]);
        return pods.trim().split("\n").length;
      };
      await expect.poll(podCount, { timeout: 90_000 }).toBe(made.reduce((sum, w) => sum + (w.spec.replicas ?? 1), 0));
    }, 240_000);
  }

  it("refuses a pod that breaks restricted, directly and through a Deployment (the check can fail)", async () => {
    const namespace = "tl-control";
    await restrictedNamespace(namespace);
    const pod = {
      apiVersion: "v1",
      kind: "Pod",
      // No securityContext: root allowed, privilege escalation allowed, capabilities kept, no seccomp profile.
      metadata: { name: "unconfined" },
      spec: { containers: [{ name: "c", image: "busybox" }] },
    };
    await expect(cluster.kubectl(["-n", namespace, "create", "-f", "-"], JSON.stringify(pod))).rejects.toThrow(
      /violates PodSecurity "restricted/,
    );
    const deployment = {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name: "root" },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: "root" } },
        template: { metadata: { labels: { app: "root" } }, spec: pod.spec },
      },
    };
    const created = await cluster.kubectl(["-n", namespace, "create", "-f", "-"], JSON.stringify(deployment));
    expect(warnings(created.stderr).join("\n")).toMatch(/would violate PodSecurity/);
    const { refusals } = await podsSettled(namespace);
    expect(refusals.join("\n")).toMatch(/violates PodSecurity "restricted/);
  }, 120_000);
});
