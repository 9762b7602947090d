import type { CSSProperties } from "react";
import type { ButtonName } from "../settings/types.js";
import { phoneRow } from "./phone-row.js";

/** Which toolbar is being drawn: the wide one, a phone's one row, or the list under a phone's "more". */
export type ToolbarPart = "all" | "row" | "menu";

/** Where a tool goes: its `data-button` name, its place in the phone order, and whether this part draws it. */
export interface ToolPlace {
  button: ButtonName;
  style: CSSProperties | undefined;
  placed: boolean;
}

/** Phones follow the book's button order (buttonsSortXML); buttons it does not list keep their place after them. */
export function mobileOrderStyle(
  narrow: boolean,
  mobileOrder: readonly ButtonName[],
  name: ButtonName,
): CSSProperties | undefined {
  if (!narrow || mobileOrder.length === 0) return undefined;
  const index = mobileOrder.indexOf(name);
  return { order: index < 0 ? mobileOrder.length + 1 : index };
}

/** A phone's row draws the tools phoneRow picks; its "more" list draws the others, with their names. */
export function isPlaced(part: ToolbarPart, row: ReadonlySet<string>, name: string): boolean {
  return part === "all" || (part === "row") === row.has(name);
}

/** Places tools for one part of the toolbar. */
export interface ToolPlacer {
  part: ToolbarPart;
  tool(name: ButtonName): ToolPlace;
  placed(name: string): boolean;
  orderOf(name: ButtonName): CSSProperties | undefined;
}

export function toolPlacer(part: ToolbarPart, narrow: boolean, mobileOrder: readonly ButtonName[]): ToolPlacer {
  const row = phoneRow(mobileOrder);
  const orderOf = (name: ButtonName) => mobileOrderStyle(narrow, mobileOrder, name);
  const placed = (name: string) => isPlaced(part, row, name);
  return { part, orderOf, placed, tool: (name) => ({ button: name, style: orderOf(name), placed: placed(name) }) };
}
