/**
 * A real Kubernetes control plane on loopback, without containers: etcd, kube-apiserver and
 * kube-controller-manager (so Deployments make ReplicaSets and ReplicaSets make Pods, which Pod Security admission
 * then checks). There is no kubelet, so pods are admitted and stored but never run. The binaries come from
 * scripts/install-servers.sh (TURNLEAF_TOOLS_DIR or ~/.cache/turnleaf/bin); kubectl too, built from the same
 * Kubernetes module, so client and server agree.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../scripts/src/services.js";

const run = promisify(execFile);

export const toolsDir =
  process.env.TURNLEAF_TOOLS_DIR || join(process.env.HOME || homedir(), ".cache", "turnleaf", "bin");
export const tool = (name: string) => join(toolsDir, name);
const needed = ["etcd", "kube-apiserver", "kube-controller-manager", "kubectl", "helm"];

export interface KubeCluster {
  kubeconfig: string;
  /** kubectl with this cluster's kubeconfig; resolves with its output, rejects on a non-zero exit. */
  kubectl(args: string[], input?: string): Promise<{ stdout: string; stderr: string }>;
  /** helm with this cluster's kubeconfig. */
  helm(args: string[]): Promise<{ stdout: string; stderr: string }>;
  stop(): Promise<void>;
}

function withInput(command: string, args: string[], env: NodeJS.ProcessEnv, input?: string) {
  return new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else
        reject(Object.assign(new Error(`${command} ${args.join(" ")} exited ${code}: ${stderr}`), { stdout, stderr }));
    });
    child.stdin.end(input ?? "");
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

export async function startKubeCluster(dir: string): Promise<KubeCluster> {
  const missing = needed.filter((name) => !existsSync(tool(name)));
  if (missing.length > 0) {
    throw new Error(`missing ${missing.join(", ")} in ${toolsDir}: run scripts/install-servers.sh (npm test does)`);
  }
  await mkdir(join(dir, "certs"), { recursive: true });
  const children: ChildProcess[] = [];
  const start = (name: string, args: string[]) => {
    const log = createWriteStream(join(dir, `${name}.log`));
    const child = spawn(tool(name), args, { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    children.push(child);
    return child;
  };

  const [etcdClient, etcdPeer, apiPort, controllerPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  start("etcd", [
    `--data-dir=${join(dir, "etcd")}`,
    `--listen-client-urls=http://127.0.0.1:${etcdClient}`,
    `--advertise-client-urls=http://127.0.0.1:${etcdClient}`,
    `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
    `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer}`,
    `--initial-cluster=default=http://127.0.0.1:${etcdPeer}`,
    "--log-level=warn",
  ]);

  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = join(dir, "certs", "service-account.key");
  const verifyKey = join(dir, "certs", "service-account.pub");
  await writeFile(signingKey, privateKey.export({ type: "pkcs8", format: "pem" }));
  await writeFile(verifyKey, publicKey.export({ type: "spki", format: "pem" }));
  const token = randomBytes(24).toString("hex");
  await writeFile(join(dir, "tokens.csv"), `${token},admin,admin,system:masters\n`);
  const certDir = join(dir, "certs");
  start("kube-apiserver", [
    `--etcd-servers=http://127.0.0.1:${etcdClient}`,
    "--bind-address=127.0.0.1",
    "--advertise-address=127.0.0.1",
    `--secure-port=${apiPort}`,
    `--cert-dir=${certDir}`,
    // The endpoint reconciler refuses a loopback advertise address; nothing here needs the kubernetes Service.
    "--endpoint-reconciler-type=none",
    "--service-cluster-ip-range=10.96.0.0/16",
    `--token-auth-file=${join(dir, "tokens.csv")}`,
    "--authorization-mode=RBAC",
    `--service-account-key-file=${verifyKey}`,
    `--service-account-signing-key-file=${signingKey}`,
    "--service-account-issuer=https://kubernetes.default.svc",
  ]);

  const kubeconfig = join(dir, "kubeconfig");
  await writeFile(
    kubeconfig,
    JSON.stringify({
      apiVersion: "v1",
      kind: "Config",
      clusters: [
        { name: "local", cluster: { server: `https://127.0.0.1:${apiPort}`, "insecure-skip-tls-verify": true } },
      ],
      users: [{ name: "admin", user: { token } }],
      contexts: [{ name: "local", context: { cluster: "local", user: "admin" } }],
      "current-context": "local",
    }),
  );
  const env = {
    ...process.env,
    KUBECONFIG: kubeconfig,
    HELM_CACHE_HOME: join(dir, "helm-cache"),
    HELM_CONFIG_HOME: join(dir, "helm-config"),
    HELM_DATA_HOME: join(dir, "helm-data"),
  };
  const kubectl = (args: string[], input?: string) => withInput(tool("kubectl"), args, env, input);
  const helm = (args: string[]) => withInput(tool("helm"), args, env);
  await waitFor(
    "kube-apiserver",
    async () => (await kubectl(["get", "--raw", "/readyz"])).stdout.trim() === "ok",
    90_000,
  );

  start("kube-controller-manager", [
    `--kubeconfig=${kubeconfig}`,
    "--leader-elect=false",
    "--bind-address=127.0.0.1",
    `--secure-port=${controllerPort}`,
    `--service-account-private-key-file=${signingKey}`,
    `--root-ca-file=${join(certDir, "apiserver.crt")}`,
    "--use-service-account-credentials=false",
    // Every default controller: Deployments make ReplicaSets, ReplicaSets and StatefulSets make Pods, namespaces
    // get their default ServiceAccount.
    "--controllers=*",
    // Autoscalers raise their Deployments to their minimum within 2 s instead of the default 15.
    "--horizontal-pod-autoscaler-sync-period=2s",
  ]);

  return {
    kubeconfig,
    kubectl,
    helm,
    async stop() {
      for (const child of children.reverse()) {
        if (child.exitCode === null) {
          child.kill("SIGTERM");
          await new Promise((resolve) => {
            const timer = setTimeout(() => {
              child.kill("SIGKILL");
              resolve(undefined);
            }, 5000);
            child.once("exit", () => {
              clearTimeout(timer);
              resolve(undefined);
            });
          });
        }
      }
    },
  };
}

/** Resolves once the namespace has its `default` ServiceAccount (made by the controller manager). */
export async function waitForNamespace(cluster: KubeCluster, namespace: string): Promise<void> {
  await waitFor(
    `the default ServiceAccount of ${namespace}`,
    async () =>
      (await cluster.kubectl(["-n", namespace, "get", "serviceaccount", "default", "-o", "name"])).stdout.includes(
        "default",
      ),
    60_000,
  );
}

export { run };
