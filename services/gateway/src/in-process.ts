/**
 * The gateway for a process that hosts it beside the services (the in-process tests): its configuration reader, its
 * peers' clients, its store probes and the app itself, which never listens. Exported as
 * `@turnleaf/gateway/in-process`; importing it starts nothing.
 */

export { type AppDependencies, buildApp } from "./app.js";
export { bookAssets } from "./book-assets.js";
export { type GatewayConfig, readConfig } from "./config.js";
export { connectPeers, type Peers } from "./peers.js";
export { signatureStoreOn } from "./signatures/signature-store.js";
export { connectStoreProbes, type StoreProbes } from "./stores.js";
