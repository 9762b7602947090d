import { createServer } from "node:net";

/**
 * Ports are picked below Linux's ephemeral range (32768–60999): a port the kernel hands out with `listen 0` is
 * released before the server that will use it binds, and in that gap any outgoing connection of a parallel test
 * file may take it as its local port (seen as EADDRINUSE in CI). Each concurrent vitest worker (VITEST_POOL_ID)
 * gets a block of its own, so two files starting stacks at once never pick the same port either; the run's
 * process id shifts the blocks so that two runs side by side (two checkouts) mostly use different ones.
 */
const firstPort = 20_000;
const blockSize = 700;
const blocks = 18;

const poolId = process.env.VITEST_POOL_ID;
const slot = (poolId === undefined ? process.pid : process.ppid + Number(poolId)) % blocks;
const blockStart = firstPort + slot * blockSize;
let next = Math.floor(Math.random() * blockSize);

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A loopback port nothing listens on, not handed out before by this process. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < blockSize; attempt += 1) {
    const port = blockStart + (next % blockSize);
    next += 1;
    if (await canBind(port)) return port;
  }
  throw new Error(`no free port in ${blockStart}–${blockStart + blockSize - 1}`);
}
