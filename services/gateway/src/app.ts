import formBody from "@fastify/formbody";
import type { Logger } from "@turnleaf/kit";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from "fastify";
import type { Peers } from "./peers.js";
import { registerSessions } from "./plugins/actor.js";
import { registerCompression } from "./plugins/compression.js";
import { answerFrameworkError, registerEnvelope } from "./plugins/envelope.js";
import { originOfPublicUrl, registerPublicOrigin } from "./plugins/public-origin.js";
import { registerSameOriginRule } from "./plugins/same-origin.js";
import { registerAccountRoutes } from "./routes/account.routes.js";
import { registerBookPrivacyRoutes, registerBookRoutes } from "./routes/book.routes.js";
import { registerBookContentRoutes } from "./routes/book-content.routes.js";
import { registerBookSettingsRoutes } from "./routes/book-settings.routes.js";
import { registerCommentRoutes } from "./routes/comments.routes.js";
import { registerEditorRoutes } from "./routes/editor.routes.js";
import { registerHealthRoutes } from "./routes/healthz.js";
import { registerLanguageRoutes } from "./routes/language.routes.js";
import { registerLicenceRoutes } from "./routes/licence.routes.js";
import { registerMediaRoutes } from "./routes/media.routes.js";
import { registerPowerRoutes } from "./routes/power.routes.js";
import { type ReaderDependencies, registerReaderRoutes } from "./routes/reader.routes.js";
import { registerResourceFileRoutes } from "./routes/resource-files.routes.js";
import { registerUploadRoutes } from "./routes/upload.routes.js";
import type { StoreProbes } from "./stores.js";

export interface AppDependencies {
  log: Logger;
  peers: Peers;
  stores: StoreProbes;
  devActorUserId: string | undefined;
  /** Origins besides the request's own host allowed to POST to /api/ (ALLOWED_ORIGINS). */
  allowedOrigins?: string[] | undefined;
  /** Fastify's trustProxy: proxies whose X-Forwarded-For gives the client's address. */
  trustProxy?: number | string[] | undefined;
  /** The hosted reader; tests of other paths may leave it out. */
  reader?: ReaderDependencies;
  /** The built editor (web/editor/dist); tests of other paths may leave it out. */
  editorDistDir?: string;
  /** The product's own host names (PRODUCT_HOSTS); requests to other hosts act as user type 32. */
  productHosts?: string[] | undefined;
  /** The public URL links are built on (PUBLIC_URL); unset, the request's own scheme and host. */
  publicUrl?: string | undefined;
  /** Told of every route as it is registered (the fuzz contract test enumerates the paths with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** A hop count becomes proxy-addr's trust function (fastify's types omit the number form). */
function trustProxyOption(setting: number | string[] | undefined) {
  if (setting === undefined) return false;
  if (Array.isArray(setting)) return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Builds the gateway; never listens (main.ts does), so tests drive it with inject() or a port of their own. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: dependencies.log as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    requestIdHeader: "x-request-id",
    trustProxy: trustProxyOption(dependencies.trustProxy),
    // Forms and query strings arrive as strings anyway; a JSON number or array where a string belongs is a mistake.
    ajv: { customOptions: { coerceTypes: false } },
    // Bad percent-encoding or an over-long path parameter: the envelope too, not fastify's own error body.
    frameworkErrors: answerFrameworkError,
  });
  if (dependencies.onRoute) app.addHook("onRoute", dependencies.onRoute);
  await registerCompression(app);
  await app.register(formBody);
  registerEnvelope(app);
  const publicOrigins = dependencies.publicUrl ? [originOfPublicUrl(dependencies.publicUrl)] : [];
  registerSameOriginRule(app, [...(dependencies.allowedOrigins ?? []), ...publicOrigins]);
  registerPublicOrigin(app, dependencies.publicUrl);
  const resolveActor = registerSessions(app, {
    account: dependencies.peers.account,
    devActorUserId: dependencies.devActorUserId,
  });
  registerHealthRoutes(app, dependencies.peers, dependencies.stores);
  registerAccountRoutes(app, dependencies.peers, resolveActor);
  registerBookRoutes(app, dependencies.peers, resolveActor);
  registerBookPrivacyRoutes(app, dependencies.peers, resolveActor);
  registerBookSettingsRoutes(app, dependencies.peers, resolveActor, dependencies.reader?.assets);
  registerLicenceRoutes(app, dependencies.peers, resolveActor);
  registerLanguageRoutes(app, dependencies.peers, resolveActor);
  registerPowerRoutes(app, dependencies.peers, resolveActor, dependencies.productHosts);
  registerBookContentRoutes(app, dependencies.peers, resolveActor);
  registerResourceFileRoutes(app, dependencies.peers, resolveActor);
  registerCommentRoutes(app, dependencies.peers, resolveActor, dependencies.reader);
  registerMediaRoutes(app, dependencies.peers, resolveActor);
  await registerUploadRoutes(app, dependencies.peers, resolveActor);
  if (dependencies.reader) await registerReaderRoutes(app, dependencies.peers, dependencies.reader);
  if (dependencies.editorDistDir) await registerEditorRoutes(app, dependencies.editorDistDir);
  return app;
}
