import { useState } from "react";
import { useScreenServices } from "../screen-services.js";
import { AccountBar } from "./AccountBar.js";

/**
 * The unpaid upload's way to pay (issue #38, spec 001 §4 and §9): after the warning, a "buy points or VIP" link
 * that opens the account info bar in place with its points packs shown; a pack or a VIP plan goes to checkout as on
 * the bookcase.
 */
export function BuyOffer() {
  const { labels } = useScreenServices();
  const [open, setOpen] = useState(false);
  return (
    <div className="buy-offer" data-testid="buy-offer">
      {open ? (
        <AccountBar opened="points" />
      ) : (
        <button type="button" className="link-button" onClick={() => setOpen(true)}>
          {labels.unpaidBuy}
        </button>
      )}
    </div>
  );
}
