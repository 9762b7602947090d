import { randomBytes } from "node:crypto";
import formBody from "@fastify/formbody";
import type { Logger } from "@turnleaf/kit";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from "fastify";
import type { Peers } from "./peers.js";
import { registerSessions } from "./plugins/actor.js";
import { registerCompression } from "./plugins/compression.js";
import { registerCookies } from "./plugins/cookies.js";
import { frameworkErrorAnswer, registerEnvelope } from "./plugins/envelope.js";
import { MessageTexts } from "./plugins/message-texts.js";
import { originOfPublicUrl, registerPublicOrigin } from "./plugins/public-origin.js";
import { registerRequestMetrics } from "./plugins/request-metrics.js";
import { registerSameOriginRule } from "./plugins/same-origin.js";
import { registerAccountRoutes } from "./routes/account.routes.js";
import { registerBookPrivacyRoutes, registerBookRoutes } from "./routes/book.routes.js";
import { registerBookContentRoutes } from "./routes/book-content.routes.js";
import { registerBookSettingsRoutes } from "./routes/book-settings.routes.js";
import { registerBookcaseRoutes } from "./routes/bookcase.routes.js";
import { registerCommentRoutes } from "./routes/comments.routes.js";
import { type DesktopRelease, registerDesktopRoutes } from "./routes/desktop.routes.js";
import { registerEditorRoutes } from "./routes/editor.routes.js";
import { registerFileRoutes } from "./routes/files.routes.js";
import { registerHealthRoutes } from "./routes/healthz.js";
import { registerLanguageRoutes } from "./routes/language.routes.js";
import { registerLeadRoutes } from "./routes/leads.routes.js";
import { registerLicenceRoutes } from "./routes/licence.routes.js";
import { registerMediaRoutes } from "./routes/media.routes.js";
import { registerPageAudioRoutes } from "./routes/page-audio.routes.js";
import { registerPagesRoutes } from "./routes/pages.routes.js";
import { registerPaymentRoutes } from "./routes/payments.routes.js";
import { registerPowerRoutes } from "./routes/power.routes.js";
import { type PublishDependencies, registerPublishRoutes } from "./routes/publish.routes.js";
import { type ReaderDependencies, registerReaderRoutes } from "./routes/reader.routes.js";
import { registerResourceFileRoutes } from "./routes/resource-files.routes.js";
import { registerSignatureRoutes } from "./routes/signature.routes.js";
import { type InsightDependencies, registerStatisticsRoutes } from "./routes/statistics.routes.js";
import { registerSupportRoutes } from "./routes/support.routes.js";
import { registerUploadRoutes } from "./routes/upload.routes.js";
import { registerUploadProgressRoute } from "./routes/upload-progress.routes.js";
import type { SignatureStore } from "./signatures/signature-store.js";
import type { StoreProbes } from "./stores.js";

export interface AppDependencies {
  log: Logger;
  peers: Peers;
  stores: StoreProbes;
  /** The accounts' APK signatures (the gateway's own collection); tests of other paths may leave it out. */
  signatures?: SignatureStore;
  /** The editor's package builds (publish dialog); tests of other paths may leave it out. */
  publish?: PublishDependencies;
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
  /** Where owners reach support (SUPPORT_CONTACT), drawn by the editor as its support QR code. */
  supportContact?: string | undefined;
  /** The desktop tool's release the update check answers (DESKTOP_LATEST_VERSION, DESKTOP_DOWNLOAD_URL). */
  desktopRelease?: DesktopRelease | undefined;
  /** Passes readers' events on to the insight service (NATS) and salts reader keys; tests may leave it out. */
  insight?: InsightDependencies;
  /** Told of every route as it is registered (the fuzz contract test enumerates the paths with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Without insight dependencies (tests of other paths) lead rate limits key on a per-process salt. */
const insightFallbackSalt = randomBytes(32).toString("base64url");

/** A hop count becomes proxy-addr's trust function (fastify's types omit the number form). */
function trustProxyOption(setting: number | string[] | undefined) {
  if (setting === undefined) return false;
  if (Array.isArray(setting)) return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Builds the gateway; never listens (main.ts does), so tests drive it with inject() or a port of their own. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  // Coded messages are rendered in the request's interface language from the language service's catalogues.
  const messageTexts = new MessageTexts(dependencies.peers.labels, dependencies.log);
  const app = Fastify({
    loggerInstance: dependencies.log as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    requestIdHeader: "x-request-id",
    trustProxy: trustProxyOption(dependencies.trustProxy),
    // Forms and query strings arrive as strings anyway; a JSON number or array where a string belongs is a mistake.
    ajv: { customOptions: { coerceTypes: false } },
    // Bad percent-encoding or an over-long path parameter: the envelope too, not fastify's own error body.
    frameworkErrors: frameworkErrorAnswer(messageTexts),
  });
  if (dependencies.onRoute) app.addHook("onRoute", dependencies.onRoute);
  registerRequestMetrics(app);
  await registerCompression(app);
  await app.register(formBody);
  // Before the session hook: it reads request.cookies.
  await registerCookies(app);
  registerEnvelope(app, messageTexts);
  const publicOrigins = dependencies.publicUrl ? [originOfPublicUrl(dependencies.publicUrl)] : [];
  registerSameOriginRule(app, [...(dependencies.allowedOrigins ?? []), ...publicOrigins]);
  registerPublicOrigin(app, dependencies.publicUrl);
  const resolveActor = registerSessions(app, {
    account: dependencies.peers.account,
    devActorUserId: dependencies.devActorUserId,
  });
  registerHealthRoutes(app, dependencies.peers, dependencies.stores);
  registerAccountRoutes(app, dependencies.peers);
  registerBookRoutes(app, dependencies.peers);
  registerBookPrivacyRoutes(app, dependencies.peers);
  registerBookSettingsRoutes(app, dependencies.peers, dependencies.reader?.assets);
  registerLicenceRoutes(app, dependencies.peers);
  registerLanguageRoutes(app, dependencies.peers);
  registerPowerRoutes(app, dependencies.peers, dependencies.productHosts);
  registerPaymentRoutes(app, dependencies.peers);
  registerSignatureRoutes(app, dependencies.signatures);
  registerPublishRoutes(app, dependencies.peers, dependencies.publish);
  registerBookContentRoutes(app, dependencies.peers);
  registerFileRoutes(app, dependencies.peers);
  registerBookcaseRoutes(app, dependencies.peers, dependencies.reader?.assets);
  registerResourceFileRoutes(app, dependencies.peers);
  registerStatisticsRoutes(app, dependencies.peers, dependencies.insight, dependencies.reader);
  registerLeadRoutes(
    app,
    dependencies.peers,
    dependencies.insight?.saltSecret ?? insightFallbackSalt,
    dependencies.reader?.grantSecret,
  );
  registerCommentRoutes(app, dependencies.peers, dependencies.reader);
  registerMediaRoutes(app, dependencies.peers);
  registerPageAudioRoutes(app, dependencies.peers);
  registerSupportRoutes(app, dependencies.supportContact);
  registerDesktopRoutes(app, dependencies.peers, dependencies.desktopRelease);
  registerPagesRoutes(app, dependencies.peers, dependencies.reader?.assets);
  await registerUploadRoutes(app, dependencies.peers, dependencies.reader?.assets);
  await registerUploadProgressRoute(app, dependencies.peers, resolveActor);
  if (dependencies.reader) await registerReaderRoutes(app, dependencies.peers, dependencies.reader);
  if (dependencies.editorDistDir) await registerEditorRoutes(app, dependencies.editorDistDir);
  return app;
}
