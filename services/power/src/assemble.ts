import {
  type Connection,
  connectMongo,
  connectNats,
  ensureStreams,
  type Logger,
  type ServiceParts,
  type ShutdownStep,
  streams,
} from "@turnleaf/kit";
import { type PowerConfig, priceSettings } from "./config.js";
import { AccountRepository } from "./data/account.repository.js";
import { accountLimits } from "./data/account-limits.js";
import { CustomPowerRepository } from "./data/custom-power.repository.js";
import { PaymentsRepository } from "./data/payments.repository.js";
import { PowerRepository } from "./data/power.repository.js";
import { BookSlotRepository, PlanRepository } from "./data/quota.repositories.js";
import { demoPassword, demoPlan, demoUser } from "./domain/demo.js";
import { defaultPasswordCost } from "./domain/passwords.js";
import { defaultPriceSettings, type Product, productCatalogue } from "./domain/products.js";
import {
  type HostingPublisher,
  natsHostingPublisher,
  type SweepReport,
  startHostingSweeps,
  startSlotBookConsumer,
  sweepHosting,
} from "./events/hosting.js";
import { AccountDesk, type AccountSettings } from "./handlers/account-desk.js";
import { CustomPowerDesk } from "./handlers/custom-power-desk.js";
import { PaymentDesk } from "./handlers/payment-desk.js";
import { PowerDesk } from "./handlers/power-desk.js";
import type { PaymentProvider } from "./payments/port.js";
import { paymentProviders } from "./payments/providers.js";
import { buildServices } from "./server.js";

/**
 * Sessions of 12 hours idle and 7 days at most; 10 failed logins per email and address in 15 minutes; 20 account
 * checks per address in 5 minutes; 30 sign-ups per address a day, the first 3 of them with the new-user points.
 */
export const defaultAccountSettings: AccountSettings = {
  idleMs: 12 * 60 * 60 * 1000,
  absoluteMs: 7 * 24 * 60 * 60 * 1000,
  loginFailureLimit: 10,
  loginFailureWindowMs: 15 * 60 * 1000,
  accountCheckLimit: 20,
  accountCheckWindowMs: 5 * 60 * 1000,
  signUpLimit: 30,
  signUpWindowMs: 24 * 60 * 60 * 1000,
  freePointsPerClient: 3,
  passwordCost: defaultPasswordCost,
};

/** Wires the power and account desks to their stores; the unique indexes must exist before any call. */
export async function assemblePower(input: {
  mongo: Connection;
  log: Logger;
  demoSeed?: boolean;
  now?: () => Date;
  accountSettings?: Partial<AccountSettings>;
  /** Where the hosting sweep announces suspensions; without it sweep() is unavailable. */
  publishHosting?: HostingPublisher;
  /** Payment providers (the first sells); none: nothing on sale. */
  providers?: PaymentProvider[];
  /** The products on sale; the spec's defaults without. */
  products?: Product[];
  licencePoints?: number;
  /** Tests only: where the process kills itself (FAULT_POINT). */
  faultPoint?: string;
}): Promise<{
  repository: PowerRepository;
  desk: PowerDesk;
  accounts: AccountDesk;
  custom: CustomPowerDesk;
  slots: BookSlotRepository;
  payments: PaymentDesk;
  ledger: PaymentsRepository;
  /** One hosting sweep at the clock's time (needs publishHosting). */
  sweep: () => Promise<SweepReport>;
}> {
  const now = input.now ?? (() => new Date());
  const repository = new PowerRepository(input.mongo);
  const plans = new PlanRepository(input.mongo);
  const slots = new BookSlotRepository(input.mongo);
  const accountStore = new AccountRepository(input.mongo);
  const customStore = new CustomPowerRepository(input.mongo);
  const ledger = new PaymentsRepository(input.mongo, input.faultPoint);
  await Promise.all([
    ledger.ensureIndexes(),
    customStore.ensureIndexes(),
    repository.ensureIndexes(),
    plans.ensureIndexes(),
    slots.ensureIndexes(),
    accountStore.ensureIndexes(),
  ]);
  // Ledger entries a stopped process left parked beside their plan change (payments.repository.ts applyOnce).
  const settled = await ledger.settleLedger();
  if (settled > 0) input.log.warn({ settled }, "ledger entries left by an interrupted write settled");
  const desk = new PowerDesk({ repository, plans, slots, roles: customStore, now, ledger });
  const payments = new PaymentDesk({
    payments: ledger,
    slots,
    power: desk,
    products: input.products ?? productCatalogue(defaultPriceSettings),
    providers: input.providers ?? [],
    licencePoints: input.licencePoints ?? 5,
    now,
    log: input.log,
  });
  const custom = new CustomPowerDesk({ repository, plans, custom: customStore, now });
  const publish = input.publishHosting;
  const sweep = () => {
    if (!publish) throw new Error("the hosting sweep needs a publisher (NATS_URL)");
    return sweepHosting({ plans, slots, publish, now, log: input.log, ledger });
  };
  const accountSettings = { ...defaultAccountSettings, ...input.accountSettings };
  const accounts = new AccountDesk({
    accounts: accountStore,
    limits: await accountLimits(input.mongo, accountSettings, now),
    power: desk,
    settings: accountSettings,
    log: input.log,
    now,
  });
  if (input.demoSeed) {
    await repository.upsertUser(demoUser);
    // The demo account may upload: a VIP plan a year out, set only when it has no plan (a restart keeps changes).
    await plans.insertPlanIfAbsent({ _id: `user:${demoUser.userId}`, ...demoPlan(now()) });
    // It may log in with the documented demo password, set only when it has none.
    await accounts.seedPassword(demoUser.userId, demoPassword);
    input.log.info({ userId: demoUser.userId, email: demoUser.email }, "demo user seeded");
  }
  return { repository, desk, accounts, custom, slots, payments, ledger, sweep };
}

/**
 * Wires the power service: the desks on their stores (assemblePower), the hosting publisher, the slot-book consumer
 * and the hosting sweeps, under the gRPC handlers (server.ts). main.ts runs it; what it opens is closed, in order,
 * at shutdown.
 */
export async function assemble(config: PowerConfig, log: Logger): Promise<ServiceParts> {
  const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
  const nats = config.NATS_URL ? await connectNats({ url: config.NATS_URL, name: "power", log }) : undefined;
  if (nats) await ensureStreams(nats, [streams.power, streams.upload]);
  const assembled = await assemblePower({
    mongo,
    log,
    demoSeed: config.DEMO_SEED,
    accountSettings: {
      idleMs: config.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
      loginFailureLimit: config.LOGIN_FAILURE_LIMIT,
      loginFailureWindowMs: config.LOGIN_FAILURE_WINDOW_SECONDS * 1000,
      accountCheckLimit: config.ACCOUNT_CHECK_LIMIT,
      accountCheckWindowMs: config.ACCOUNT_CHECK_WINDOW_SECONDS * 1000,
      signUpLimit: config.SIGN_UP_LIMIT,
      signUpWindowMs: config.SIGN_UP_WINDOW_SECONDS * 1000,
      freePointsPerClient: config.FREE_POINTS_PER_CLIENT,
      passwordCost: { ...defaultPasswordCost, log2N: config.PASSWORD_HASH_LOG2N },
    },
    ...(nats ? { publishHosting: natsHostingPublisher(nats) } : {}),
    providers: paymentProviders(config),
    products: productCatalogue(priceSettings(config)),
    licencePoints: config.LICENCE_HOLDER_POINTS,
    faultPoint: config.FAULT_POINT ?? "",
  });
  const resources: ShutdownStep[] = [];
  if (nats) {
    const consumer = await startSlotBookConsumer(nats, assembled.slots, log);
    const sweeps = startHostingSweeps(assembled.sweep, config.HOSTING_SWEEP_INTERVAL_SECONDS * 1000, log);
    resources.push(
      { name: "hosting sweeps", close: () => sweeps.stop() },
      { name: "slot books", close: () => consumer.stop() },
      { name: "nats", close: () => nats.drain() },
    );
  } else {
    log.warn("NATS_URL unset: no hosting sweep (unpaid books are never suspended)");
  }
  return {
    services: buildServices(assembled),
    resources: [...resources, { name: "mongodb", close: () => mongo.close() }],
  };
}
