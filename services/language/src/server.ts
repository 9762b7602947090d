import { LanguageService } from "@turnleaf/contracts/language/v1/language_service_pb";
import { type ServiceRegistration, serve } from "@turnleaf/kit";
import { languageHandlers } from "./handlers/language.handlers.js";

export function buildServices(): ServiceRegistration[] {
  return [serve(LanguageService, languageHandlers())];
}
