import { type ReactNode, useCallback } from "react";
import { Icon } from "../icons.js";
import { useCloseOnOutsideClick } from "./use-close-on-outside-click.js";

/** A phone's "more" button and the tools it holds; choosing one (or clicking anywhere else) closes it. */
export function MoreMenu({
  label,
  open,
  setOpen,
  children,
}: {
  label: string;
  open: boolean;
  setOpen(open: boolean): void;
  children: ReactNode;
}) {
  const close = useCallback(() => setOpen(false), [setOpen]);
  useCloseOnOutsideClick(open, close, '[data-button="more"]');
  return (
    <div className="tl-more">
      <button
        type="button"
        data-button="more"
        aria-expanded={open}
        aria-label={label}
        title={label}
        onClick={() => setOpen(!open)}
      >
        <Icon name="more" />
      </button>
      <div className="tl-more-menu" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
