import type { DescService } from "@bufbuild/protobuf";
import {
  BookContentRepository,
  BookRepository,
  BookRevisionRepository,
  buildServices as buildBookServices,
  FileStore,
  runHostingConsumer,
} from "@turnleaf/book/in-process";
import { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { AccountService } from "@turnleaf/contracts/power/v1/account_service_pb";
import { PaymentService } from "@turnleaf/contracts/power/v1/payment_service_pb";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  type AppDependencies,
  buildApp,
  connectPeers,
  connectStoreProbes,
  type GatewayConfig,
  type Peers,
  type StoreProbes,
} from "@turnleaf/gateway/in-process";
import { assembleInsight, buildServices as buildInsightServices } from "@turnleaf/insight/in-process";
import {
  type Connection,
  connectNats,
  createClient,
  createS3Client,
  ensureBuckets,
  ensureStreams,
  type Logger,
  type NatsConnection,
  type S3Client,
  streams,
  type TypedClient,
} from "@turnleaf/kit";
import { assembleLanguage, buildServices as buildLanguageServices } from "@turnleaf/language/in-process";
import {
  assembleLicenceDesk,
  buildServices as buildLicenceServices,
  type LicenceSettings,
} from "@turnleaf/licence/in-process";
import {
  assemblePower,
  buildServices as buildPowerServices,
  natsHostingPublisher,
  startSlotBookConsumer,
} from "@turnleaf/power/in-process";
import {
  assembleUploadDesk,
  buildServices as buildUploadServices,
  powerUploadAllowance,
} from "@turnleaf/upload/in-process";
import type { FastifyInstance } from "fastify";
import type { TestStores } from "../setup/stores.global.js";
import { testGatewayConfig } from "./gateway-config.js";
import { inProcessParts } from "./in-process.js";
import { testPasswordCost } from "./password-cost.js";

type PowerInput = Parameters<typeof assemblePower>[0];
type UploadInput = Parameters<typeof assembleUploadDesk>[0];
type InsightInput = Parameters<typeof buildInsightServices>[0];

/**
 * The licence service's settings in tests: no signing key or pepper configured, 30- and 90-day answers, and five
 * guesses a window (tests/licence counts them).
 */
export const licenceTestSettings = {
  LICENCE_SIGNING_KEY_PEM: undefined,
  LICENCE_CODE_PEPPER: undefined,
  LICENCE_ONLINE_ANSWER_TTL_DAYS: 30,
  LICENCE_OFFLINE_ANSWER_TTL_DAYS: 90,
  LICENCE_GUESS_LIMIT: 5,
  LICENCE_GUESS_WINDOW_SECONDS: 900,
};

/** What each service runs with; a service left out is not started (the gateway finds nobody at its address). */
export interface StackServices {
  power?: Omit<PowerInput, "mongo" | "log" | "publishHosting"> & {
    /** Its own logger (default: the stack's). */
    log?: Logger;
    /** The hosting sweep publishes on NATS, and the slot-book consumer follows upload tasks. */
    hostingEvents?: boolean;
  };
  book?: {
    /** A file store on the stack's assets, books and sources buckets (the assets bucket is made). */
    files?: boolean;
    pdfDownloadHosts?: string[];
    /** Follows the power service's hosting events (NATS), retrying this often. */
    hosting?: { retryDelayMs: number };
  };
  upload?: Pick<UploadInput, "settings" | "now">;
  licence?: Partial<LicenceSettings>;
  language?: Record<string, never>;
  insight?: Pick<InsightInput, "leadRateLimit"> &
    Partial<Pick<InsightInput, "leadRateWindowMs" | "privateWebhookTargets">>;
  /** A stand-in that only answers health checks (the gateway never calls conversion on a REST path). */
  conversion?: Record<string, never>;
}

type Bucket = "assets" | "books" | "sources";

export interface StackOptions<S extends StackServices, G extends GatewayOptions | undefined> {
  stores: TestStores;
  /** Names this stack's databases (`turnleaf-<service>-<label>`), buckets (`turnleaf-<kind>-<label>`), consumers. */
  label: string;
  log: Logger;
  services?: S;
  /** Buckets made (and emptied and removed at stop) besides those the services need. */
  buckets?: Bucket[];
  /** The gateway in front of the services; its apps are built on demand (app, as). */
  gateway?: G;
}

export interface GatewayOptions {
  /** Extra gateway settings (e.g. ALLOWED_ORIGINS). */
  env?: Record<string, string>;
  /** Options every app of this stack is built with. */
  app?: Partial<Omit<AppDependencies, "log" | "peers" | "stores">>;
}

export interface PowerPart {
  address: string;
  mongo: Connection;
  assembled: Awaited<ReturnType<typeof assemblePower>>;
  client: TypedClient<typeof PowerService>;
  admin: TypedClient<typeof PowerAdminService>;
  accounts: TypedClient<typeof AccountService>;
  payments: TypedClient<typeof PaymentService>;
}

export interface BookPart {
  address: string;
  mongo: Connection;
  books: BookRepository;
  revisions: BookRevisionRepository;
  content: BookContentRepository;
  client: TypedClient<typeof BookService>;
}

export interface GatewayPart {
  config: GatewayConfig;
  peers: Peers;
  probes: StoreProbes;
  /** A new app with the stack's options and these; closed at stop. */
  app(options?: Partial<Omit<AppDependencies, "log" | "peers" | "stores">>): Promise<FastifyInstance>;
  /** The app acting as this user (DEV_ACTOR_USER_ID; undefined: nobody signed in), one per user. */
  as(userId: string | undefined): Promise<FastifyInstance>;
}

interface ServiceParts {
  power: PowerPart;
  book: BookPart;
  upload: { address: string; desk: Awaited<ReturnType<typeof assembleUploadDesk>> };
  licence: { address: string; desk: Awaited<ReturnType<typeof assembleLicenceDesk>>["desk"] };
  language: { address: string };
  insight: { address: string };
  conversion: { address: string };
}

export type InProcessStack<S extends StackServices, G extends GatewayOptions | undefined> = {
  [K in keyof S & keyof ServiceParts]: ServiceParts[K];
} & {
  /** Another database of the stack (dropped at stop). */
  database(name: string): Promise<Connection>;
  /** The stack's NATS connection (when a service or the options asked for one). */
  readonly nats: NatsConnection;
  readonly s3: S3Client;
  /** The buckets' names (made only when asked for or needed). */
  buckets: Record<Bucket, string>;
  /** Closes and drops everything the stack opened, in order; safe to call after a failed start. */
  stop(): Promise<void>;
} & (G extends GatewayOptions ? { gateway: GatewayPart } : unknown);

/** No service listens on port 1: a peer left out answers "unavailable" at once. */
const nowhere = "127.0.0.1:1";

/**
 * Starts the chosen services in this process on the run's real stores (a database each, on free loopback ports),
 * with the real gateway in front when asked; answers their parts and one stop().
 */
export async function startInProcessStack<S extends StackServices, G extends GatewayOptions | undefined = undefined>(
  options: StackOptions<S, G>,
): Promise<InProcessStack<S, G>> {
  const { stores, label, log } = options;
  const services: StackServices = options.services ?? {};
  const parts = inProcessParts(stores, label, log);
  const buckets: Record<Bucket, string> = {
    assets: `turnleaf-assets-${label}`,
    books: `turnleaf-books-${label}`,
    sources: `turnleaf-sources-${label}`,
  };
  const made = new Set<Bucket>(options.buckets);
  if (services.book?.files) made.add("assets");
  if (services.upload) made.add("sources");
  const needsNats = Boolean(services.upload || services.power?.hostingEvents || services.book?.hosting);

  const clients: { close(): void }[] = [];
  const client = <T extends DescService>(service: T, address: string, peer: string) => {
    const made = createClient(service, address, { peer });
    clients.push(made);
    return made;
  };
  const consumers: { stop(): Promise<void> }[] = [];
  const apps: FastifyInstance[] = [];
  let nats: NatsConnection | undefined;
  let s3: S3Client | undefined;
  let peers: Peers | undefined;
  let probes: StoreProbes | undefined;

  const stop = async () => {
    for (const app of apps) await app.close();
    peers?.close();
    await probes?.close();
    for (const consumer of consumers) await consumer.stop();
    for (const open of clients) open.close();
    await parts.stopServers();
    await nats?.drain();
    await parts.dropDatabases();
    if (s3) {
      for (const kind of made) {
        const keys: string[] = [];
        for await (const item of s3.listObjectsV2(buckets[kind], "", true)) if (item.name) keys.push(item.name);
        if (keys.length > 0) await s3.removeObjects(buckets[kind], keys);
        await s3.removeBucket(buckets[kind]).catch(() => undefined);
      }
    }
  };

  const started: Partial<ServiceParts> = {};
  let gatewayPart: GatewayPart | undefined;
  try {
    if (made.size > 0) {
      s3 = createS3Client(stores.s3);
      await ensureBuckets(
        s3,
        [...made].map((kind) => buckets[kind]),
        stores.s3.region,
        log,
      );
    }
    if (needsNats) {
      nats = await connectNats({ url: stores.natsUrl, name: label, log });
      const wanted = new Set<(typeof streams)[keyof typeof streams]>();
      if (services.upload) wanted.add(streams.upload).add(streams.conversion);
      if (services.power?.hostingEvents) wanted.add(streams.power).add(streams.upload);
      if (wanted.size > 0) await ensureStreams(nats, [...wanted]);
    }

    let powerClient: TypedClient<typeof PowerService> | undefined;
    if (services.power) {
      const { hostingEvents, log: powerLog, ...settings } = services.power;
      const mongo = await parts.database("power");
      const assembled = await assemblePower({
        ...settings,
        accountSettings: { passwordCost: testPasswordCost, ...settings.accountSettings },
        mongo,
        log: powerLog ?? log,
        ...(hostingEvents && nats ? { publishHosting: natsHostingPublisher(nats) } : {}),
      });
      if (hostingEvents && nats)
        consumers.push(await startSlotBookConsumer(nats, assembled.slots, log, `power-slot-books-${label}`));
      const address = await parts.serve(buildPowerServices(assembled));
      powerClient = client(PowerService, address, "power");
      started.power = {
        address,
        mongo,
        assembled,
        client: powerClient,
        admin: client(PowerAdminService, address, "power"),
        accounts: client(AccountService, address, "power"),
        payments: client(PaymentService, address, "power"),
      };
    }
    const power = powerClient ?? client(PowerService, nowhere, "power");

    if (services.book) {
      const mongo = await parts.database("book");
      const books = new BookRepository(mongo);
      const revisions = new BookRevisionRepository(mongo);
      const content = new BookContentRepository(mongo);
      await Promise.all([books.ensureIndexes(), revisions.ensureIndexes(), content.ensureIndexes()]);
      const address = await parts.serve(
        buildBookServices({
          books,
          revisions,
          power,
          content,
          log,
          ...(services.book.files && s3
            ? { files: new FileStore(s3, buckets.assets, buckets.books, buckets.sources) }
            : {}),
          ...(services.book.pdfDownloadHosts ? { pdfDownloadHosts: services.book.pdfDownloadHosts } : {}),
        }),
      );
      if (services.book.hosting && nats)
        consumers.push(
          await runHostingConsumer(nats, books, log, {
            durable: `book-hosting-${label}`,
            retryDelayMs: services.book.hosting.retryDelayMs,
          }),
        );
      started.book = { address, mongo, books, revisions, content, client: client(BookService, address, "book") };
    }

    if (services.upload && nats && s3) {
      const desk = await assembleUploadDesk({
        mongo: await parts.database("upload"),
        nats,
        s3,
        bucket: buckets.sources,
        book: started.book?.client ?? client(BookService, nowhere, "book"),
        allowance: powerUploadAllowance(power),
        settings: services.upload.settings,
        log,
        ...(services.upload.now ? { now: services.upload.now } : {}),
      });
      started.upload = { address: await parts.serve(buildUploadServices({ desk, nats })), desk };
    }

    if (services.licence) {
      const licence = await assembleLicenceDesk(await parts.database("licence"), {
        ...licenceTestSettings,
        ...services.licence,
      });
      const address = await parts.serve(buildLicenceServices({ ...licence, now: () => new Date() }));
      started.licence = { address, desk: licence.desk };
    }

    if (services.language) {
      const language = await assembleLanguage(await parts.database("language"));
      started.language = { address: await parts.serve(buildLanguageServices(language)) };
    }

    if (services.insight) {
      const address = await parts.serve(
        buildInsightServices({
          ...(await assembleInsight(await parts.database("insight"))),
          leadRateWindowMs: 600_000,
          now: () => new Date(),
          ...services.insight,
        }),
      );
      started.insight = { address };
    }

    if (services.conversion) started.conversion = { address: await parts.serve([]) };
    if (options.gateway) {
      const defaults = options.gateway.app ?? {};
      const config = testGatewayConfig(
        stores,
        {
          book: started.book?.address,
          power: started.power?.address,
          upload: started.upload?.address,
          conversion: started.conversion?.address,
          licence: started.licence?.address,
          language: started.language?.address,
          insight: started.insight?.address,
        },
        options.gateway.env,
      );
      const connected = connectPeers(config);
      peers = connected;
      const storeProbes = await connectStoreProbes(config, log);
      probes = storeProbes;
      const app = async (overrides: Partial<Omit<AppDependencies, "log" | "peers" | "stores">> = {}) => {
        const built = await buildApp({
          devActorUserId: undefined,
          ...defaults,
          ...overrides,
          log,
          peers: connected,
          stores: storeProbes,
        });
        apps.push(built);
        return built;
      };
      const acting = new Map<string, Promise<FastifyInstance>>();
      const gateway: GatewayPart = {
        config,
        peers: connected,
        probes: storeProbes,
        app,
        as(userId) {
          const key = userId ?? "";
          let found = acting.get(key);
          if (!found) {
            found = app({ devActorUserId: userId });
            acting.set(key, found);
          }
          return found;
        },
      };
      gatewayPart = gateway;
    }
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }

  const stack: Record<string, unknown> = {
    ...started,
    database: (name: string) => parts.database(name),
    get nats() {
      if (!nats) throw new Error("this stack has no NATS connection: none of its services needs one");
      return nats;
    },
    get s3() {
      s3 ??= createS3Client(stores.s3);
      return s3;
    },
    buckets,
    stop,
    ...(gatewayPart ? { gateway: gatewayPart } : {}),
  };

  return stack as InProcessStack<S, G>;
}
