import {
  BookLanguageService,
  InterfaceLabelService,
  LanguageService,
} from "@turnleaf/contracts/language/v1/language_service_pb";
import { type ServiceRegistration, serve } from "@turnleaf/kit";
import {
  bookLanguageHandlers,
  interfaceLabelHandlers,
  type LanguageHandlerDependencies,
  languageHandlers,
} from "./handlers/language.handlers.js";

export function buildServices(dependencies: LanguageHandlerDependencies): ServiceRegistration[] {
  return [
    serve(LanguageService, languageHandlers()),
    serve(BookLanguageService, bookLanguageHandlers(dependencies)),
    serve(InterfaceLabelService, interfaceLabelHandlers(dependencies.catalogues)),
  ];
}
