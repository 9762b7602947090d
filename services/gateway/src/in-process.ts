/**
 * The gateway for a process that hosts it beside the services (the in-process tests): its configuration reader, its
 * peers' clients, its store probes and the app itself, which never listens, and the parts the tests mount on an app
 * of their own (the envelope, the editor's and the resource files' routes, the publish package store, the rendition
 * derivation). Exported as `@turnleaf/gateway/in-process`; importing it starts nothing.
 */

export { type AppDependencies, buildApp } from "./app.js";
export { type BookAssets, bookAssets } from "./book-assets.js";
export { type GatewayConfig, readConfig } from "./config.js";
export { connectPeers, type Peers } from "./peers.js";
export { registerEnvelope } from "./plugins/envelope.js";
export { packageStoreOn } from "./publish/package-store.js";
export { derivation, deriveRendition } from "./rendition-derive.js";
export { registerEditorRoutes } from "./routes/editor.routes.js";
export { registerResourceFileRoutes } from "./routes/resource-files.routes.js";
export { signatureStoreOn } from "./signatures/signature-store.js";
export { connectStoreProbes, type StoreProbes } from "./stores.js";
