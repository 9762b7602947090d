import type { ReactNode } from "react";

/**
 * A modal dialog over the screen: its title as heading and accessible name, and a close button when it can be
 * closed (an alert, `alert`, is answered by its own buttons instead).
 */
export function Dialog({
  title,
  className,
  alert = false,
  close,
  children,
}: {
  title: string;
  /** Classes beside `dialog` (its own layout). */
  className?: string;
  alert?: boolean;
  /** The close button's accessible name and what it does. */
  close?: { label: string; onClose: () => void };
  children: ReactNode;
}) {
  const classes = ["dialog", alert ? "alert-dialog" : "", className ?? ""].filter(Boolean).join(" ");
  // Spread: the role is chosen at run time, which the ARIA lint cannot follow (both roles take these attributes).
  const modal = { role: alert ? "alertdialog" : "dialog", "aria-modal": "true" as const, "aria-label": title };
  return (
    <div className="overlay">
      <div className={classes} {...modal}>
        <header>
          <h2>{title}</h2>
          {close ? (
            <button type="button" className="icon" aria-label={close.label} onClick={close.onClose}>
              ×
            </button>
          ) : null}
        </header>
        {children}
      </div>
    </div>
  );
}
