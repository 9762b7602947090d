/** Starts tests/conversion/worker-child.mjs as a process of its own and waits for its "ready". */
import { type ChildProcess, spawn } from "node:child_process";
import { workerStores } from "../setup/worker-stores.js";
import type { Harness } from "./harness.js";

export interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<unknown>;
  kill(): void;
}

export async function startWorkerProcess(
  harness: Harness,
  options: {
    durable: string;
    ackWaitMs: number;
    maxDeliver?: number;
    pagesPerItem?: number;
    workers?: number;
    /** Pages that need OCR are listed for it, as the service does by default. */
    ocr?: boolean;
  },
): Promise<WorkerProcess> {
  const stores = workerStores();
  const child = spawn(
    process.execPath,
    [
      "tests/conversion/worker-child.mjs",
      JSON.stringify({
        natsUrl: stores.natsUrl,
        s3: stores.s3,
        prefix: harness.prefix,
        buckets: harness.buckets,
        ...options,
      }),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise((resolve) => child.on("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.on("exit", (code) => reject(new Error(`worker exited early (${code})`)));
  });
  return {
    child,
    exited,
    kill: () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
