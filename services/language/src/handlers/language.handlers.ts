import type { LanguageService } from "@turnleaf/contracts/language/v1/language_service_pb";
import type { ServiceImplementation } from "@turnleaf/kit";
import { interfaceLanguages } from "../domain/interface-languages.js";

export function languageHandlers(): ServiceImplementation<typeof LanguageService> {
  return {
    async listInterfaceLanguages() {
      return { languages: interfaceLanguages };
    },
  };
}
