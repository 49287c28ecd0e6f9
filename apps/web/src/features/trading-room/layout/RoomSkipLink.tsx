import { BID_INPUT_ID } from "../control/ControlPanel";
import { LAYOUT_TEXTS } from "../texts";
import classes from "./TradingRoom.module.css";

/**
 * 'Ir para Novo lance' (issue 12 item 3): the first stop of the keyboard in the room, shown when
 * focused; it moves the focus past the header and the lot table straight to the bid input.
 */
export function RoomSkipLink() {
  return (
    <a
      href={`#${BID_INPUT_ID}`}
      className={classes.skipLink}
      onClick={(event) => {
        const input = document.getElementById(BID_INPUT_ID);
        if (!input) return;
        // A fragment link scrolls but does not focus an input: focus it, and keep the URL as it is.
        event.preventDefault();
        input.focus();
        input.scrollIntoView({ block: "center" });
      }}
    >
      {LAYOUT_TEXTS.skipToBid}
    </a>
  );
}
