import type { Connection } from "@turnleaf/kit";
import { foldJournalRepository } from "./data/fold-journal.repository.js";
import { leadRepository } from "./data/lead.repository.js";
import { settingsRepository } from "./data/settings.repository.js";
import { statisticsRepository } from "./data/statistics.repository.js";

/** The service's repositories on its database, indexes ensured (main.ts and in-process tests share it). */
export async function assembleInsight(mongo: Connection) {
  const settings = settingsRepository(mongo);
  const statistics = statisticsRepository(mongo);
  const leads = leadRepository(mongo);
  const foldJournal = foldJournalRepository(mongo);
  await Promise.all([statistics.ensureIndexes(), leads.ensureIndexes(), foldJournal.ensureIndexes()]);
  return { settings, statistics, leads, foldJournal };
}
