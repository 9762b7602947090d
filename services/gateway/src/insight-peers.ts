import {
  InsightSettingsService,
  LeadService,
  StatisticsService,
} from "@turnleaf/contracts/insight/v1/insight_service_pb";
import { createClient, type TypedClient } from "@turnleaf/kit";

export interface InsightClients {
  settings: TypedClient<typeof InsightSettingsService>;
  statistics: TypedClient<typeof StatisticsService>;
  leads: TypedClient<typeof LeadService>;
  close(): void;
}

/** The insight service's three gRPC services on one address. */
export function connectInsight(address: string): InsightClients {
  const options = { peer: "insight", defaultDeadlineMs: 10_000 };
  const settings = createClient(InsightSettingsService, address, options);
  const statistics = createClient(StatisticsService, address, options);
  const leads = createClient(LeadService, address, options);
  return {
    settings,
    statistics,
    leads,
    close() {
      settings.close();
      statistics.close();
      leads.close();
    },
  };
}
