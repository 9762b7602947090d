import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { Client as S3Client } from "minio";
import { MongoClient } from "mongodb";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningStores, type S3Settings, startStores } from "./stores.js";

// Without the store variables, so these tests always start local servers even inside a configured shell.
const localEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  TURNLEAF_TOOLS_DIR: process.env.TURNLEAF_TOOLS_DIR,
};
const log = pino({ level: "warn" });
const startTimeoutMs = 120_000;

function s3Client(s3: S3Settings): S3Client {
  const endpoint = new URL(s3.endpoint);
  return new S3Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    region: s3.region,
    pathStyle: true,
  });
}

async function withMongo<T>(uri: string, use: (client: MongoClient) => Promise<T>): Promise<T> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5_000 });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

async function canListenOn(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Every live process whose command line mentions `text` (Linux /proc). */
async function processesMentioning(text: string): Promise<number[]> {
  const pids = (await readdir("/proc")).filter((entry) => /^\d+$/.test(entry));
  const matches: number[] = [];
  for (const pid of pids) {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (commandLine.includes(text)) matches.push(Number(pid));
  }
  return matches;
}

describe("startStores", () => {
  let dataDir: string;
  let stores: RunningStores | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "turnleaf-stores-"));
    stores = await startStores({ dataDir, log, env: localEnv });
  }, startTimeoutMs);

  afterAll(async () => {
    await stores?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  function running(): RunningStores {
    if (!stores) throw new Error("stores did not start");
    return stores;
  }

  it("serves MongoDB: a ping and a document round trip", async () => {
    await withMongo(running().mongodbUri, async (client) => {
      expect(await client.db("admin").command({ ping: 1 })).toMatchObject({ ok: 1 });
      const books = client.db("devstack_test").collection("books");
      await books.insertOne({ number: "demo0001", title: "First book" });
      expect(await books.findOne({ number: "demo0001" }, { projection: { _id: 0 } })).toEqual({
        number: "demo0001",
        title: "First book",
      });
    });
  });

  it("serves NATS with JetStream", async () => {
    const connection = await connect({ servers: running().natsUrl });
    try {
      expect(connection.info?.jetstream).toBe(true);
      const manager = await jetstreamManager(connection);
      const account = await manager.getAccountInfo();
      expect(account.api.level).toBeGreaterThan(0);
      await manager.streams.add({ name: "devstack_test", subjects: ["devstack.test.>"] });
      const streams = await manager.streams.list().next();
      expect(streams.map((stream) => stream.config.name)).toContain("devstack_test");
    } finally {
      await connection.close();
    }
  });

  it("serves S3 with the local credentials", async () => {
    const client = s3Client(running().s3);
    expect(await client.listBuckets()).toEqual([]);
    await client.makeBucket("devstack-test", running().s3.region);
    await client.putObject("devstack-test", "hello.txt", Buffer.from("hello"));
    expect((await client.listBuckets()).map((bucket) => bucket.name)).toEqual(["devstack-test"]);
  });

  it("binds every server to 127.0.0.1 only", async () => {
    for (const url of [running().mongodbUri, running().natsUrl, running().s3.endpoint]) {
      expect(new URL(url).hostname).toBe("127.0.0.1");
    }
  });

  it("stop() ends every server and frees its ports", async () => {
    const { mongodbUri, natsUrl, s3 } = running();
    expect(await processesMentioning(dataDir)).toHaveLength(3);

    await running().stop();
    stores = undefined;

    expect(await processesMentioning(dataDir)).toEqual([]);
    for (const url of [mongodbUri, natsUrl, s3.endpoint]) expect(await canListenOn(portOf(url))).toBe(true);
  });

  it(
    "keeps the data across a restart on the same data directory",
    async () => {
      stores = await startStores({ dataDir, log, env: localEnv });
      await withMongo(running().mongodbUri, async (client) => {
        const book = await client.db("devstack_test").collection("books").findOne({ number: "demo0001" });
        expect(book?.title).toBe("First book");
      });
      const stat = await s3Client(running().s3).statObject("devstack-test", "hello.txt");
      expect(stat.size).toBe(5);

      const connection = await connect({ servers: running().natsUrl });
      try {
        const manager = await jetstreamManager(connection);
        expect((await manager.streams.info("devstack_test")).config.name).toBe("devstack_test");
      } finally {
        await connection.close();
      }
    },
    startTimeoutMs,
  );
});

describe("startStores with FerretDB on PostgreSQL (the tests' stores)", () => {
  let dataDir: string;
  let stores: RunningStores | undefined;
  // NATS and S3 named as external (never contacted here), so only PostgreSQL and FerretDB start.
  const onlyMongo = {
    ...localEnv,
    NATS_URL: "nats://127.0.0.1:1",
    S3_ENDPOINT: "http://127.0.0.1:1",
    S3_ACCESS_KEY_ID: "unused",
    S3_SECRET_ACCESS_KEY: "unused",
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "turnleaf-stores-pg-"));
    stores = await startStores({ dataDir, log, env: onlyMongo, ferretdbBackend: "postgresql" });
  }, startTimeoutMs);

  afterAll(async () => {
    await stores?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("serves MongoDB from PostgreSQL: documents round-trip and are found by a field, no SQLite files", async () => {
    if (!stores) throw new Error("stores did not start");
    expect(stores.sqliteDir).toBeUndefined();
    await withMongo(stores.mongodbUri, async (client) => {
      const books = client.db("devstack_test").collection("books");
      await books.insertMany([
        { number: "pg0001", title: "First" },
        { number: "pg0002", title: "Second" },
      ]);
      expect(await books.findOne({ number: "pg0002" }, { projection: { _id: 0 } })).toEqual({
        number: "pg0002",
        title: "Second",
      });
    });
    expect(await readdir(join(dataDir, "postgres", "data"))).toContain("PG_VERSION");
  });

  it("stop() ends FerretDB and PostgreSQL", async () => {
    if (!stores) throw new Error("stores did not start");
    const { mongodbUri } = stores;
    expect(await processesMentioning(dataDir)).toHaveLength(2);
    await stores.stop();
    stores = undefined;
    expect(await processesMentioning(dataDir)).toEqual([]);
    expect(await canListenOn(portOf(mongodbUri))).toBe(true);
  });
});
