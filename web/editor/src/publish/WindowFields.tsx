import { TextField } from "../common/TextField.js";
import { useScreenServices } from "../screen-services.js";
import type { WindowMode } from "./publish-request.js";
import type { LaunchWindow } from "./use-launch-window.js";

/** A desktop package's launch window: maximised, maximised plus full-screen, or a custom width × height. */
export function WindowFields({ launch }: { launch: LaunchWindow }) {
  const { labels } = useScreenServices();
  const { mode } = launch;
  const modes: [WindowMode, string][] = [
    ["maximized", labels.publishWindowMaximized],
    ["fullscreen", labels.publishWindowFullscreen],
    ["custom", labels.publishWindowCustom],
  ];
  const sizes: [string, string, string, (text: string) => void][] = [
    ["width", labels.publishWidth, launch.width, launch.setWidth],
    ["height", labels.publishHeight, launch.height, launch.setHeight],
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
            onChange={() => launch.setMode(choice)}
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
