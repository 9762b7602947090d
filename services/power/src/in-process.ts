/**
 * The power service for a process that hosts it beside others (the in-process tests): its configuration reader, its
 * desks on given stores (assemblePower), the demo account, the hosting events, the payment providers and its gRPC
 * services. Exported as `@turnleaf/power/in-process`; importing it starts nothing.
 */

export { assemblePower } from "./assemble.js";
export { readConfig } from "./config.js";
export { PaymentsRepository } from "./data/payments.repository.js";
export type { PowerRepository } from "./data/power.repository.js";
export type { BookSlotRepository } from "./data/quota.repositories.js";
export { demoPassword, demoPlan, demoUser } from "./domain/demo.js";
export { defaultPasswordCost, passwordLog2NRange } from "./domain/passwords.js";
export { defaultPriceSettings, productCatalogue } from "./domain/products.js";
export { natsHostingPublisher, startSlotBookConsumer } from "./events/hosting.js";
export { StripeProvider } from "./payments/stripe.adapter.js";
export { buildServices } from "./server.js";
