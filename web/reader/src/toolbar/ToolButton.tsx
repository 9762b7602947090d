import type { CSSProperties } from "react";
import { Icon, type IconName } from "../icons.js";

/** What a tool, button or link, is: its name, icon and caption, and its place in the toolbar. */
interface ToolProps {
  /** Its `data-button` name. */
  button: string;
  icon: IconName;
  label: string;
  title?: string;
  /** false: drawn in the other part of a phone's toolbar (its row or its "more" list), not here. */
  placed?: boolean;
  /** Its place on phones (the book's mobile button order). */
  style?: CSSProperties;
}

/** A toolbar button: its icon, its name for assistive technology (and as tooltip), `data-button` naming it. */
export function ToolButton({
  button,
  icon,
  label,
  title = label,
  onClick,
  pressed,
  disabled,
  className,
  style,
  placed = true,
}: ToolProps & {
  onClick(): void;
  pressed?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  if (!placed) return null;
  return (
    <button
      type="button"
      className={className}
      style={style}
      data-button={button}
      onClick={onClick}
      disabled={disabled}
      aria-pressed={pressed}
      aria-label={label}
      title={title}
    >
      <Icon name={icon} />
    </button>
  );
}

/** A toolbar link (home page, email, a single phone number) drawn as a tool. */
export function ToolLink({
  button,
  icon,
  label,
  title = label,
  href,
  target,
  style,
  placed = true,
}: ToolProps & {
  href: string;
  /** Links leaving the reader open where the book's links do (and never learn where they came from). */
  target?: string;
}) {
  if (!placed) return null;
  return (
    <a
      className="tl-tool"
      href={href}
      target={target}
      rel={target ? "noopener noreferrer" : undefined}
      aria-label={label}
      title={title}
      style={style}
      data-button={button}
    >
      <Icon name={icon} />
    </a>
  );
}
