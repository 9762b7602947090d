import { randomBytes } from "node:crypto";
import {
  BookCommentRepository,
  BookRepository,
  BookRevisionRepository,
  type BookServiceDependencies,
  buildServices as buildBookServices,
} from "@turnleaf/book/in-process";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import { type AppDependencies, buildApp, connectPeers, connectStoreProbes } from "@turnleaf/gateway/in-process";
import { connectMongo, createClient, createLogger, type RunningGrpcServer, startGrpcServer } from "@turnleaf/kit";
import { assemblePower, buildServices as buildPowerServices, demoUser } from "@turnleaf/power/in-process";
import type { FastifyInstance } from "fastify";
import type { TestStores } from "../setup/stores.global.js";
import { testGatewayConfig } from "../support/gateway-config.js";
import { serveLanguage } from "../support/language-peer.js";

export const bookOwner = "10001";
export const otherUser = "20002";

/**
 * What the readers' messages need, in this process on the run's real stores: the book service (with its comments)
 * and the power service (update-book asks it about gated features; 10001 is its demo user, 20002 a second plain
 * user), and gateways in front of them acting as a given user.
 */
export async function startCommentStack(
  stores: TestStores,
  name: string,
  /** More of the book service's dependencies (e.g. its S3 file store). */
  bookExtras: Partial<BookServiceDependencies> = {},
) {
  const log = createLogger({ service: `${name}-test`, level: "silent" });
  const suffix = randomBytes(4).toString("hex");
  const mongo = await connectMongo({ uri: stores.mongodbUri, database: `turnleaf-${name}-${suffix}`, log });
  const books = new BookRepository(mongo);
  const revisions = new BookRevisionRepository(mongo);
  const comments = new BookCommentRepository(mongo);
  await Promise.all([books.ensureIndexes(), revisions.ensureIndexes(), comments.ensureIndexes()]);
  const assembled = await assemblePower({ mongo, log, demoSeed: true });
  await assembled.repository.upsertUser({
    ...demoUser,
    userId: otherUser,
    email: `u${otherUser}@turnleaf.test`,
    uLink: `u${otherUser}`,
  });
  const servers: RunningGrpcServer[] = [];
  const serve = async (services: Parameters<typeof startGrpcServer>[0]["services"]) => {
    const server = await startGrpcServer({ host: "127.0.0.1", port: 0, services, log });
    server.setServing(true);
    servers.push(server);
    return `127.0.0.1:${server.port}`;
  };
  const powerAddress = await serve(buildPowerServices(assembled));
  const power = createClient(PowerService, powerAddress, { peer: "power" });
  const bookAddress = await serve(buildBookServices({ books, revisions, power, comments, log, ...bookExtras }));
  // The language service renders the gateway's coded messages (Chinese by default).
  const languageAddress = await serveLanguage({ database: async () => mongo, serve });
  const config = testGatewayConfig(stores, { book: bookAddress, power: powerAddress, language: languageAddress });
  const peers = connectPeers(config);
  const storeProbes = await connectStoreProbes(config, log);
  const gateways: FastifyInstance[] = [];

  let counter = 0;
  return {
    suffix,
    log,
    /** The book service's messages store (to see what a deletion left). */
    comments,
    /** A gateway acting as `userId` (DEV_ACTOR_USER_ID), with the reader's routes when `reader` is given. */
    async gateway(userId: string, reader?: AppDependencies["reader"]): Promise<FastifyInstance> {
      const app = await buildApp({ log, peers, stores: storeProbes, devActorUserId: userId, reader });
      gateways.push(app);
      return app;
    },
    /** A published book of 10001 with its first revision claimed (status normal), no plugin yet. */
    async newBook(): Promise<{ bookId: string; number: string }> {
      counter += 1;
      const bookId = `cm${suffix}${counter}`;
      const number = `c${suffix}${counter}`;
      await books.insertIfAbsent({
        bookId,
        number,
        ownerId: bookOwner,
        teamId: "0",
        folderId: "0",
        folderType: 1,
        title: `Comments book ${counter}`,
        source: -1,
        html5Tem: "",
        html5Theme: "",
        html5PhoneTem: "",
        bStatus: 1,
      });
      await revisions.tryClaim({ uploadTaskId: `task-${bookId}`, bookId, number, revision: 1 });
      return { bookId, number };
    },
    async stop() {
      for (const app of gateways) await app.close();
      peers.close();
      await storeProbes.close();
      power.close();
      for (const server of servers) await server.stop(1_000);
      await mongo.dropDatabase();
      await mongo.close();
    },
  };
}

export type CommentStack = Awaited<ReturnType<typeof startCommentStack>>;
