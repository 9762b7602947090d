import { BookPagesService } from "@turnleaf/contracts/book/v1/book_pages_pb";
import { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { BookLanguageService, InterfaceLabelService } from "@turnleaf/contracts/language/v1/language_service_pb";
import { LicenceService } from "@turnleaf/contracts/licence/v1/licence_service_pb";
import { AccountService } from "@turnleaf/contracts/power/v1/account_service_pb";
import { PaymentService } from "@turnleaf/contracts/power/v1/payment_service_pb";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import { UploadProgressService, UploadService } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { createClient, createHealthChecker, type TypedClient } from "@turnleaf/kit";
import type { GatewayConfig } from "./config.js";
import { connectInsight, type InsightClients } from "./insight-peers.js";

export const serviceNames = ["book", "power", "upload", "conversion", "licence", "language", "insight"] as const;
export type ServiceName = (typeof serviceNames)[number];

export interface Peers {
  book: TypedClient<typeof BookService>;
  /** Page edits: insert (with an upload), delete, reorder (the book service). */
  bookPages: TypedClient<typeof BookPagesService>;
  licence: TypedClient<typeof LicenceService>;
  language: TypedClient<typeof BookLanguageService>;
  labels: TypedClient<typeof InterfaceLabelService>;
  /** Accounts and sessions (the power service). */
  account: TypedClient<typeof AccountService>;
  power: TypedClient<typeof PowerService>;
  /** Points and VIP on sale, the account's info bar and ledger, the provider's webhooks (the power service). */
  payments: TypedClient<typeof PaymentService>;
  upload: TypedClient<typeof UploadService>;
  uploadProgress: TypedClient<typeof UploadProgressService>;
  /** Reading statistics, lead forms and their submissions (the insight service). */
  insight: InsightClients;
  health: Record<ServiceName, ReturnType<typeof createHealthChecker>>;
  close(): void;
}

export function connectPeers(config: GatewayConfig): Peers {
  const addresses: Record<ServiceName, string> = {
    book: config.BOOK_SERVICE_ADDR,
    power: config.POWER_SERVICE_ADDR,
    upload: config.UPLOAD_SERVICE_ADDR,
    conversion: config.CONVERSION_SERVICE_ADDR,
    licence: config.LICENCE_SERVICE_ADDR,
    language: config.LANGUAGE_SERVICE_ADDR,
    insight: config.INSIGHT_SERVICE_ADDR,
  };
  const book = createClient(BookService, addresses.book, { peer: "book", defaultDeadlineMs: 10_000 });
  const bookPages = createClient(BookPagesService, addresses.book, { peer: "book", defaultDeadlineMs: 10_000 });
  const licence = createClient(LicenceService, addresses.licence, { peer: "licence", defaultDeadlineMs: 10_000 });
  const language = createClient(BookLanguageService, addresses.language, {
    peer: "language",
    defaultDeadlineMs: 10_000,
  });
  const labels = createClient(InterfaceLabelService, addresses.language, {
    peer: "language",
    defaultDeadlineMs: 10_000,
  });
  const account = createClient(AccountService, addresses.power, { peer: "power", defaultDeadlineMs: 10_000 });
  const power = createClient(PowerService, addresses.power, { peer: "power", defaultDeadlineMs: 10_000 });
  const payments = createClient(PaymentService, addresses.power, { peer: "power", defaultDeadlineMs: 30_000 });
  const upload = createClient(UploadService, addresses.upload, { peer: "upload", defaultDeadlineMs: 60_000 });
  const uploadProgress = createClient(UploadProgressService, addresses.upload, { peer: "upload" });
  const insight = connectInsight(addresses.insight);
  const health = Object.fromEntries(
    serviceNames.map((name) => [name, createHealthChecker(addresses[name])]),
  ) as Peers["health"];
  return {
    book,
    bookPages,
    licence,
    language,
    labels,
    account,
    power,
    payments,
    upload,
    uploadProgress,
    insight,
    health,
    close() {
      book.close();
      bookPages.close();
      licence.close();
      language.close();
      labels.close();
      account.close();
      power.close();
      payments.close();
      upload.close();
      uploadProgress.close();
      insight.close();
      for (const checker of Object.values(health)) checker.close();
    },
  };
}
