import type { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import { DomainError, type Logger, type TypedClient } from "@turnleaf/kit";
import { effectiveSettings } from "@turnleaf/resource-files";
import type { BookDocument } from "../data/book.schema.js";
import { publishedSettings } from "../domain/book-info.js";
import { type BrandsOf, withServedBrands } from "./served-brands.js";
import { type CardOf, withServedCard } from "./served-card.js";

/**
 * The gated features (spec 000 §6) a book's owner has now: their custom power in force (user type, then team and
 * user overrides) as the power service answers it, in the book's team when it has one. A team the owner has left
 * is asked without the team.
 */
export async function ownerFeatures(
  power: TypedClient<typeof PowerService>,
  book: Pick<BookDocument, "ownerId" | "teamId">,
): Promise<Set<string>> {
  const ask = (teamId: string) => power.getCustomPower({ asker: { userId: book.ownerId, teamId } });
  let answer: Awaited<ReturnType<typeof ask>>;
  try {
    answer = await ask(book.teamId || "0");
  } catch (error) {
    const leftTeam = error instanceof DomainError && ["NOT_FOUND", "PERMISSION_DENIED"].includes(error.kind);
    if (!leftTeam || !book.teamId || book.teamId === "0") throw error;
    answer = await ask("0");
  }
  return new Set(answer.features.filter((feature) => feature.allowed).map((feature) => feature.code));
}

/**
 * A published book's reader settings as its owner's power allows them at this moment: a feature switched on
 * before a downgrade is off for readers at once, no save needed. Without an answer from the power service the
 * stored settings are served (readers keep reading; saving is where gating is enforced), and that is logged.
 */
export async function servedSettings(
  power: TypedClient<typeof PowerService>,
  book: BookDocument,
  log?: Pick<Logger, "warn">,
  brandsOf?: BrandsOf,
  cardOf?: CardOf,
) {
  const stored = publishedSettings(book);
  let allowed: Set<string>;
  try {
    allowed = await ownerFeatures(power, book);
  } catch (error) {
    log?.warn({ err: error, bookId: book.bookId }, "owner's power unavailable: the reader gets the stored settings");
    const branded = await withServedBrands(JSON.parse(stored.htmlConfigJson), book.ownerId, brandsOf);
    const htmlConfig = await withServedCard(branded, book, cardOf);
    return { ...stored, htmlConfigJson: JSON.stringify(htmlConfig), withheldFeatures: [] as string[] };
  }
  const { htmlConfig: allowedConfig, withheld } = effectiveSettings(JSON.parse(stored.htmlConfigJson), allowed);
  const htmlConfig = await withServedCard(await withServedBrands(allowedConfig, book.ownerId, brandsOf), book, cardOf);
  const download = !withheld.includes("DOWNLOAD") && allowed.has("DOWNLOAD");
  return {
    ...stored,
    htmlConfigJson: JSON.stringify(htmlConfig),
    downloadPdf: download && stored.downloadPdf,
    downloadPdfUrl: download ? stored.downloadPdfUrl : "",
    downloadSinglePage: download && stored.downloadSinglePage,
    withheldFeatures: withheld,
  };
}
