import type { MessageInitShape } from "@bufbuild/protobuf";
import type { InterfaceLanguageSchema } from "@turnleaf/contracts/language/v1/language_service_pb";

/** The twelve interface languages of spec 001 §1, in the spec's order; Chinese is the default. */
export const interfaceLanguages: MessageInitShape<typeof InterfaceLanguageSchema>[] = [
  { code: "zh-CN", nativeName: "中文", englishName: "Chinese", isDefault: true },
  { code: "en", nativeName: "English", englishName: "English", isDefault: false },
  { code: "ja", nativeName: "日本語", englishName: "Japanese", isDefault: false },
  { code: "hi", nativeName: "हिन्दी", englishName: "Hindi", isDefault: false },
  { code: "fr", nativeName: "Français", englishName: "French", isDefault: false },
  { code: "ar", nativeName: "العربية", englishName: "Arabic", isDefault: false },
  { code: "de", nativeName: "Deutsch", englishName: "German", isDefault: false },
  { code: "ko", nativeName: "한국어", englishName: "Korean", isDefault: false },
  { code: "pt", nativeName: "Português", englishName: "Portuguese", isDefault: false },
  { code: "ro", nativeName: "Română", englishName: "Romanian", isDefault: false },
  { code: "es", nativeName: "Español", englishName: "Spanish", isDefault: false },
  { code: "th", nativeName: "ไทย", englishName: "Thai", isDefault: false },
];
