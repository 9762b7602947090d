import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { BookRepository, BookRevisionRepository, buildServices as buildBookServices } from "@turnleaf/book/in-process";
import { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  bookAssets,
  buildApp,
  connectPeers,
  connectStoreProbes,
  type Peers,
  type StoreProbes,
} from "@turnleaf/gateway/in-process";
import { assembleInsight, buildServices as buildInsightServices } from "@turnleaf/insight/in-process";
import {
  connectNats,
  createClient,
  createLogger,
  createS3Client,
  ensureBuckets,
  ensureStreams,
  type NatsConnection,
  type S3Client,
  streams,
  type TypedClient,
} from "@turnleaf/kit";
import {
  assembleLicenceDesk,
  buildServices as buildLicenceServices,
  type LicenceDesk,
} from "@turnleaf/licence/in-process";
import { assemblePower, buildServices as buildPowerServices } from "@turnleaf/power/in-process";
import {
  assembleUploadDesk,
  buildServices as buildUploadServices,
  powerUploadAllowance,
} from "@turnleaf/upload/in-process";
import type { FastifyInstance, RouteOptions } from "fastify";
import type { TestStores } from "../setup/stores.global.js";
import { testGatewayConfig } from "../support/gateway-config.js";
import { inProcessParts } from "../support/in-process.js";

/** The configured public URL: links must carry it, never a Host header a request made up. */
export const publicUrl = "https://books.turnleaf.test";

export interface SecurityStack {
  /** As deployed: no dev actor, PUBLIC_URL set, the hosted reader. */
  gateway: FastifyInstance;
  /** Every route the gateway registered (the authorisation matrix enumerates the /api ones). */
  routes: RouteOptions[];
  books: BookRepository;
  revisions: BookRevisionRepository;
  s3: S3Client;
  booksBucket: string;
  admin: TypedClient<typeof PowerAdminService>;
  licenceDesk: LicenceDesk;
  /** A gateway listening on a loopback port (the Chromium test), started on demand. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The power, book, upload, licence and insight services in this process on the run's real MongoDB-wire server, NATS and
 * MinIO, behind the real gateway with the hosted reader reading converted books from a real bucket.
 */
export async function startSecurityStack(stores: TestStores, label: string): Promise<SecurityStack> {
  const log = createLogger({ service: `security-${label}`, level: "silent" });
  const suffix = `${label}-${randomBytes(3).toString("hex")}`;
  const parts = inProcessParts(stores, `security-${suffix}`, log);
  const closers: (() => unknown)[] = [];

  const power = await assemblePower({ mongo: await parts.database("power"), log, demoSeed: true });
  const powerAddress = await parts.serve(buildPowerServices(power));
  const powerClient = createClient(PowerService, powerAddress, { peer: "power" });
  const admin = createClient(PowerAdminService, powerAddress, { peer: "power" });
  closers.push(
    () => powerClient.close(),
    () => admin.close(),
  );

  const bookMongo = await parts.database("book");
  const books = new BookRepository(bookMongo);
  const revisions = new BookRevisionRepository(bookMongo);
  await Promise.all([books.ensureIndexes(), revisions.ensureIndexes()]);
  const bookAddress = await parts.serve(buildBookServices({ books, revisions, power: powerClient, log }));
  const bookClient = createClient(BookService, bookAddress, { peer: "book" });
  closers.push(() => bookClient.close());

  const nats: NatsConnection = await connectNats({ url: stores.natsUrl, name: `security-${suffix}`, log });
  await ensureStreams(nats, [streams.upload, streams.conversion]);
  const s3 = createS3Client(stores.s3);
  const sourcesBucket = `turnleaf-sources-sec-${suffix}`;
  const booksBucket = `turnleaf-books-sec-${suffix}`;
  await ensureBuckets(s3, [sourcesBucket, booksBucket], stores.s3.region, log);
  const desk = await assembleUploadDesk({
    mongo: await parts.database("upload"),
    nats,
    s3,
    bucket: sourcesBucket,
    book: bookClient,
    allowance: powerUploadAllowance(powerClient),
    settings: { ttlMs: 24 * 3_600_000, partSizeBytes: 5 * 1024 * 1024 },
    log,
  });
  const uploadAddress = await parts.serve(buildUploadServices({ desk, nats }));

  const licence = await assembleLicenceDesk(await parts.database("licence"), {
    LICENCE_SIGNING_KEY_PEM: undefined,
    LICENCE_CODE_PEPPER: undefined,
    LICENCE_ONLINE_ANSWER_TTL_DAYS: 30,
    LICENCE_OFFLINE_ANSWER_TTL_DAYS: 90,
    LICENCE_GUESS_LIMIT: 50,
    LICENCE_GUESS_WINDOW_SECONDS: 900,
  });
  const licenceAddress = await parts.serve(
    buildLicenceServices({ desk: licence.desk, signingKey: licence.signingKey, now: () => new Date() }),
  );

  // Statistics and leads (no delivery worker: a lead with a webhook stays pending); private webhook targets allowed.
  const insightAddress = await parts.serve(
    buildInsightServices({
      ...(await assembleInsight(await parts.database("insight"))),
      leadRateLimit: 1000,
      leadRateWindowMs: 600_000,
      now: () => new Date(),
      privateWebhookTargets: true,
    }),
  );

  const config = testGatewayConfig(stores, {
    book: bookAddress,
    power: powerAddress,
    upload: uploadAddress,
    licence: licenceAddress,
    insight: insightAddress,
  });
  const peers: Peers = connectPeers(config);
  const storeProbes: StoreProbes = await connectStoreProbes(config, log);
  const routes: RouteOptions[] = [];
  const build = (onRoute?: (route: RouteOptions) => void) =>
    buildApp({
      log,
      peers,
      stores: storeProbes,
      devActorUserId: undefined,
      publicUrl,
      onRoute,
      reader: {
        assets: bookAssets(s3, booksBucket),
        distDir: fileURLToPath(new URL("../../web/reader/dist", import.meta.url)),
        grantSecret: randomBytes(32).toString("base64url"),
      },
    });
  const gateway = await build((route) => routes.push(route));
  let listening: FastifyInstance | undefined;

  return {
    gateway,
    routes,
    books,
    revisions,
    s3,
    booksBucket,
    admin,
    licenceDesk: licence.desk,
    async listen() {
      listening ??= await build();
      const address = await listening.listen({ host: "127.0.0.1", port: 0 });
      return address;
    },
    async close() {
      await gateway.close();
      await listening?.close();
      peers.close();
      await storeProbes.close();
      for (const close of closers) await close();
      await parts.stopServers();
      await nats.drain();
      await parts.dropDatabases();
      for (const bucket of [sourcesBucket, booksBucket]) {
        const keys: string[] = [];
        for await (const item of s3.listObjectsV2(bucket, "", true)) if (item.name) keys.push(item.name);
        if (keys.length > 0) await s3.removeObjects(bucket, keys);
        await s3.removeBucket(bucket).catch(() => undefined);
      }
    },
  };
}
