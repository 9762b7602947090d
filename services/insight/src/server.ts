import {
  InsightSettingsService,
  LeadService,
  StatisticsService,
} from "@turnleaf/contracts/insight/v1/insight_service_pb";
import { type ServiceRegistration, serve } from "@turnleaf/kit";
import {
  type InsightHandlerDependencies,
  leadHandlers,
  settingsHandlers,
  statisticsHandlers,
} from "./handlers/insight.handlers.js";

export function buildServices(dependencies: InsightHandlerDependencies): ServiceRegistration[] {
  return [
    serve(InsightSettingsService, settingsHandlers(dependencies)),
    serve(StatisticsService, statisticsHandlers(dependencies)),
    serve(LeadService, leadHandlers(dependencies)),
  ];
}
