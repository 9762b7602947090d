// Page audio as book.json carries it (issue #37): one shape with the gateway, the CLI and the editor.
export type { PageAudioBook, PageAudioEntry, PageAudioPlay } from "@turnleaf/resource-files";
