import { useState } from "react";
import { windowApi } from "../editor/window-api.js";
import { useScreenServices } from "../screen-services.js";
import { type Command, parseInstruction } from "./assistant.js";

interface Line {
  id: number;
  from: "user" | "assistant";
  text: string;
}

const summary = (command: Command): string => {
  switch (command.kind) {
    case "set":
      return Object.entries(command.values)
        .map(([key, value]) => `${key} = ${String(value)}`)
        .join(", ");
    case "theme":
    case "template":
    case "scene":
      return `${command.kind} ${command.name}`;
    case "title":
    case "description":
    case "keywords":
    case "tags":
      return `${command.kind}: ${command.text}`;
    case "music":
      return command.url ? `music ${command.url}` : "music off";
    case "mode":
      return command.device.toUpperCase();
    default:
      return command.kind;
  }
};

/** Runs one command through the editor's window methods; false when the editor could not do it. */
function run(command: Command): boolean {
  const api = windowApi();
  if (!api) return false;
  switch (command.kind) {
    case "set":
      return api.setBookProperties(command.values);
    case "theme":
      return api.setBookTheme(command.name);
    case "template":
      return api.setBookTemplate(command.name);
    case "scene":
      return api.setBookScene(command.name);
    case "title":
      return api.setBookTitle(command.text);
    case "description":
      return api.setBookDescription(command.text);
    case "keywords":
      return api.setBookKeywords(command.text);
    case "tags":
      return api.setBookTags(command.text);
    case "music":
      return api.setBackgroundMusic(command.url);
    case "undo":
      return api.undoBook();
    case "redo":
      return api.redoBook();
    case "mode":
      return api.switchPreviewMode(command.device);
  }
}

/** The assistant tab: chat-driven quick settings with the local command interpreter (no external service). */
export function AssistantPanel() {
  const { labels } = useScreenServices();
  const [lines, setLines] = useState<Line[]>([{ id: 0, from: "assistant", text: labels.assistantHello }]);
  const [input, setInput] = useState("");

  const failureOf = (command: Command) => {
    if (command.kind === "theme") return labels.themeFailed;
    if (command.kind === "template") return labels.templateFailed;
    if (command.kind === "scene") return labels.sceneFailed;
    if (["title", "description", "keywords", "tags"].includes(command.kind))
      return `${summary(command)}: ${labels.assistantUnavailable}`;
    return labels.saveError;
  };

  const send = () => {
    const text = input.trim();
    if (!text) return;
    const commands = parseInstruction(text);
    const answers =
      commands.length === 0
        ? [`${labels.assistantUnknown} ${labels.assistantCan}`]
        : commands.map((command) => (run(command) ? `${labels.assistantDone}${summary(command)}` : failureOf(command)));
    setLines((shown) => {
      let id = shown.length;
      return [
        ...shown,
        { id: id++, from: "user", text },
        ...answers.map((answer) => ({ id: id++, from: "assistant" as const, text: answer })),
      ];
    });
    setInput("");
  };

  return (
    <div className="panel assistant">
      <ol className="chat" aria-live="polite">
        {lines.map((line) => (
          <li key={line.id} className={`chat-${line.from}`} data-from={line.from}>
            {line.text}
          </li>
        ))}
      </ol>
      <form
        className="chat-input"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <input
          aria-label={labels.assistantPlaceholder}
          placeholder={labels.assistantPlaceholder}
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
        <button type="submit" className="primary">
          {labels.send}
        </button>
      </form>
    </div>
  );
}
