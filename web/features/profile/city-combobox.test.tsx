import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '#common/i18n.ts';
import en from '#locales/en.json';
import { CityCombobox } from './city-combobox.tsx';
import { comboboxKey, type TListFocus } from './combobox-keys.ts';

const closed: TListFocus = { isOpen: false, active: -1 };

/** Presses keys one after another on a list of `count` options; the focus after each and what was picked. */
function press(keys: string[], count: number, from: TListFocus = closed) {
  let focus = from;
  const steps = [];
  for (const key of keys) {
    const outcome = comboboxKey(focus, key, count);
    focus = outcome.focus;
    steps.push({ key, active: focus.isOpen ? focus.active : null, picked: outcome.picked, used: outcome.isHandled });
  }
  return steps;
}

describe('city combobox keys (ARIA 1.2 list autocomplete)', () => {
  it('opens with Down and moves through the options, wrapping both ways', () => {
    expect(press(['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowUp'], 3)).toEqual([
      { key: 'ArrowDown', active: 0, picked: null, used: true },
      { key: 'ArrowDown', active: 1, picked: null, used: true },
      { key: 'ArrowDown', active: 2, picked: null, used: true },
      { key: 'ArrowDown', active: 0, picked: null, used: true },
      { key: 'ArrowUp', active: 2, picked: null, used: true },
      { key: 'ArrowUp', active: 1, picked: null, used: true },
    ]);
    expect(press(['ArrowUp'], 3)).toEqual([{ key: 'ArrowUp', active: 2, picked: null, used: true }]);
  });

  it('picks the highlighted option with Enter and closes the list', () => {
    expect(press(['ArrowDown', 'ArrowDown', 'Enter'], 4).at(-1)).toEqual({
      key: 'Enter',
      active: null,
      picked: 1,
      used: true,
    });
  });

  it('leaves Enter to the form while no option is highlighted, so the form is sent', () => {
    expect(comboboxKey({ isOpen: true, active: -1 }, 'Enter', 3)).toMatchObject({ picked: null, isHandled: false });
    expect(comboboxKey(closed, 'Enter', 3)).toMatchObject({ picked: null, isHandled: false });
  });

  it('closes the list with Escape, and leaves Escape alone when it is closed', () => {
    expect(comboboxKey({ isOpen: true, active: 2 }, 'Escape', 3)).toEqual({
      focus: closed,
      picked: null,
      isHandled: true,
    });
    expect(comboboxKey(closed, 'Escape', 3).isHandled).toBe(false);
  });

  it('ignores the arrows without suggestions and leaves typing keys to the input', () => {
    expect(comboboxKey(closed, 'ArrowDown', 0).isHandled).toBe(false);
    expect(comboboxKey(closed, 'ArrowUp', 0).isHandled).toBe(false);
    expect(comboboxKey({ isOpen: true, active: 1 }, 'k', 3)).toMatchObject({ isHandled: false });
  });
});

describe('city combobox markup', () => {
  it('renders a named city input wired as a combobox to its (empty, hidden) listbox and a polite status', () => {
    const html = renderToString(
      <I18nextProvider i18n={createI18n('en', en)}>
        <CityCombobox
          control={{ id: 'p-city', 'aria-invalid': false, 'aria-describedby': undefined }}
          country="PL"
          regionCode="12"
          value="Kraków"
          onType={() => {}}
          onPick={() => {}}
        />
      </I18nextProvider>,
    );
    const input = /<input[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('name="city"');
    expect(input).toContain('value="Kraków"');
    expect(input).toContain('role="combobox"');
    expect(input).toContain('aria-autocomplete="list"');
    expect(input).toContain('aria-expanded="false"');
    expect(input).toContain('aria-controls="p-city-listbox"');
    expect(input).not.toContain('aria-activedescendant');
    expect(html).toMatch(
      /<ul id="p-city-listbox" role="listbox" aria-label="Suggested places" class="dropdown-menu w-100 mt-1"/,
    );
    expect(html).toMatch(/role="status" aria-live="polite"/);
  });
});
