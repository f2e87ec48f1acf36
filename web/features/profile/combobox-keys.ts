/** The list of a combobox as the keyboard moves through it: shown or not, and the highlighted option (-1: none). */
export interface TListFocus {
  isOpen: boolean;
  active: number;
}

/** What a key does to the list: the new focus, the option picked (if any), and whether the key was used. */
export interface TKeyOutcome {
  focus: TListFocus;
  picked: number | null;
  isHandled: boolean;
}

/**
 * ARIA 1.2 combobox keys with a list of `count` options (APG "list autocomplete"): Down/Up open the list and move
 * through it, wrapping around; Enter picks the highlighted option; Escape closes the list. Any other key, and Enter
 * without a highlighted option (so the form can be sent), is left to the input.
 */
export function comboboxKey(focus: TListFocus, key: string, count: number): TKeyOutcome {
  const unhandled = { focus, picked: null, isHandled: false };
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return unhandled;
      return {
        focus: { isOpen: true, active: focus.isOpen ? (focus.active + 1) % count : 0 },
        picked: null,
        isHandled: true,
      };
    case 'ArrowUp':
      if (count === 0) return unhandled;
      return {
        focus: { isOpen: true, active: focus.isOpen && focus.active > 0 ? focus.active - 1 : count - 1 },
        picked: null,
        isHandled: true,
      };
    case 'Enter':
      if (!focus.isOpen || focus.active < 0 || focus.active >= count) return unhandled;
      return { focus: { isOpen: false, active: -1 }, picked: focus.active, isHandled: true };
    case 'Escape':
      if (!focus.isOpen) return unhandled;
      return { focus: { isOpen: false, active: -1 }, picked: null, isHandled: true };
    default:
      return unhandled;
  }
}
