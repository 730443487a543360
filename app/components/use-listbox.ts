import { type KeyboardEvent, type MouseEvent, useState } from "react";

/**
 * The keyboard and pointer half of a combobox whose suggestions are a listbox (the header's
 * search box, quick order's lines, the back office's product picker): Down/Up move through the
 * options (wrapping), Enter takes the highlighted one, Escape closes an open list (keeping what
 * is typed), a tap takes an option; the input names the highlighted option with
 * aria-activedescendant. The caller keeps the text and fetches the suggestions; `typed()` is
 * called on every change of the text.
 */
export function useListbox<T>(listId: string, options: readonly T[], onPick: (option: T) => void) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && options.length > 0;
  const optionId = (index: number) => `${listId}-opt-${index}`;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function pick(option: T) {
    close();
    onPick(option);
  }

  return {
    shown,
    active,
    activeOption: shown && active >= 0 ? options[active] : undefined,
    close,
    /** Shows the list again (a field that shows its suggestions when focused). */
    show: () => setOpen(true),
    /** The text changed: the list opens again, nothing highlighted. */
    typed() {
      setActive(-1);
      setOpen(true);
    },
    input: {
      role: "combobox" as const,
      "aria-autocomplete": "list" as const,
      "aria-expanded": shown,
      "aria-controls": `${listId}-list`,
      "aria-activedescendant": shown && active >= 0 ? optionId(active) : undefined,
      // Later than a tap on an option (which keeps the focus with its mousedown).
      onBlur: () => setTimeout(close, 150),
      onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
        if (event.key === "ArrowDown" && options.length) {
          event.preventDefault();
          setOpen(true);
          setActive((i) => (i + 1) % options.length);
        } else if (event.key === "ArrowUp" && options.length) {
          event.preventDefault();
          setOpen(true);
          setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        } else if (event.key === "Enter" && shown && active >= 0) {
          event.preventDefault();
          const option = options[active];
          if (option !== undefined) pick(option);
        } else if (event.key === "Escape") {
          // An open list only closes; what the browser does on Escape applies after that.
          if (shown) event.preventDefault();
          close();
        }
      },
    },
    /** Spread on the element with role="listbox". */
    list: { id: `${listId}-list`, hidden: !shown },
    option(index: number) {
      return {
        id: optionId(index),
        role: "option" as const,
        "aria-selected": index === active,
        onMouseDown(event: MouseEvent) {
          event.preventDefault();
          const option = options[index];
          if (option !== undefined) pick(option);
        },
        onMouseEnter: () => setActive(index),
      };
    },
  };
}
