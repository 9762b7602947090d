import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Korean. */
export const ko: CliTexts = {
  // every command
  unknownLanguage: "지원하지 않는 인터페이스 언어: {lang}. 사용 가능: {languages}",
  unknownCommand: "알 수 없는 명령: {name}",
  unexpectedArgument: "예상하지 못한 인수: {argument}",
  unexpectedFailure: "예상하지 못한 오류: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)
  syncChangedOnline:
    "온라인 책 {bookId}이(가) 이 프로젝트의 마지막 동기화 이후 변경되었습니다: {changes}. 아무것도 덮어쓰지 않았습니다: 먼저 pull 하거나 --force로 다시 업로드하세요.",
  syncChangedLocally:
    "프로젝트가 온라인 책 {bookId}과(와)의 마지막 동기화 이후 변경되었습니다: {changes}. 아무것도 덮어쓰지 않았습니다: 먼저 업로드하거나 --force로 다시 pull 하세요.",
  syncNeverSynced:
    "{dir}에는 온라인 책 {bookId}과(와) 동기화된 적 없는 다른 프로젝트가 있습니다: 새 폴더로 pull 하거나 --force로 구성을 바꾸세요.",
  syncUploaded: "프로젝트 전체가 온라인 책에 있습니다: 설정, 목차, 책갈피, 언어, 비밀번호, 다운로드, 미디어",
  syncOverwriteUnsynced: "이 프로젝트와 동기화된 적 없는 온라인 책 {bookId}을(를) 덮어씁니다",
  pullDone: "온라인 책 {bookId}을(를) {dir}(으)로 가져왔습니다",
  pullPasswordUnknown:
    "온라인 책은 비밀번호로 보호되어 있으며 비밀번호를 다시 읽을 수 없습니다: 오프라인 게시 전에 프로젝트에서 설정하세요",
  pullPagesChanged:
    "온라인 책의 페이지는 더 새로운 변환입니다(리비전 {revision}): 새 페이지를 위해 PDF를 다시 가져오세요",
  pullUsage: "turnleaf pull <책 id> --out <프로젝트 폴더> [--force]",
  offlinePasswordNote: "오프라인 책의 비밀번호는 브라우저에서만 확인되며 실제 보호가 아닙니다: 파일을 읽을 수 있습니다",
  pullNoOriginal:
    "온라인 책 {bookId}은(는) 원본 PDF 다운로드를 제공하지 않으므로 새 프로젝트가 페이지를 가져올 수 없습니다: 다운로드 설정에서 PDF 다운로드를 켜거나, 업로드한 프로젝트로 pull 하세요.",
  syncAlreadyOnline:
    "이 프로젝트는 이미 책 {bookId}(으)로 온라인에 있습니다: --overwrite {bookId}로 업데이트합니다(이번 업로드는 새 책을 만듭니다)",
  attachmentMissing: "첨부 파일 {file}이(가) 프로젝트 폴더에 없습니다",

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
