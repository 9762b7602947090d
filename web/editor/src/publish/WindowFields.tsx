import { TextField } from "../common/TextField.js";
import type { Labels } from "../labels.js";
import type { WindowMode } from "./publish-request.js";

/** A desktop package's launch window: maximised, maximised plus full-screen, or a custom width × height. */
export function WindowFields({
  labels,
  mode,
  width,
  height,
  onMode,
  onWidth,
  onHeight,
}: {
  labels: Labels;
  mode: WindowMode;
  width: string;
  height: string;
  onMode(mode: WindowMode): void;
  onWidth(width: string): void;
  onHeight(height: string): void;
}) {
  const modes: [WindowMode, string][] = [
    ["maximized", labels.publishWindowMaximized],
    ["fullscreen", labels.publishWindowFullscreen],
    ["custom", labels.publishWindowCustom],
  ];
  const sizes: [string, string, string, (text: string) => void][] = [
    ["width", labels.publishWidth, width, onWidth],
    ["height", labels.publishHeight, height, onHeight],
  ];
  return (
    <fieldset className="publish-window">
      <legend>{labels.publishWindow}</legend>
      {modes.map(([choice, text]) => (
        <label key={choice} className="inline">
          <input
            type="radio"
            name="publish-window"
            data-testid={`publish-window-${choice}`}
            checked={mode === choice}
            onChange={() => onMode(choice)}
          />
          {text}
        </label>
      ))}
      {mode === "custom" ? (
        <span className="publish-size">
          {sizes.map(([name, text, value, onValue]) => (
            <TextField
              key={name}
              label={text}
              testId={`publish-${name}`}
              inputMode="numeric"
              value={value}
              onChange={onValue}
            />
          ))}
        </span>
      ) : null}
    </fieldset>
  );
}
