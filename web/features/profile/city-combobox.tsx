import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CITY_MAX } from '#common/profile-edit.ts';
import type { TControlProps } from '#web/lib/form/field.tsx';
import { comboboxKey, type TListFocus } from './combobox-keys.ts';
import type { TPlaceSuggestion } from './places.api.ts';
import { usePlaceSuggestions } from './use-place-suggestions.ts';

const CLOSED: TListFocus = { isOpen: false, active: -1 };

/**
 * The city input as an ARIA 1.2 combobox over the place data (issue 31): typing asks for the cities of the country
 * starting with the text, the region's first; arrows, Enter, Escape, a click or a tap choose. Without JavaScript it
 * is a plain input named `city`, and the server refuses a city it does not know.
 */
export function CityCombobox({
  control,
  country,
  regionCode,
  value,
  onType,
  onPick,
}: {
  control: TControlProps;
  country: string;
  regionCode: string;
  value: string;
  onType: (city: string) => void;
  onPick: (place: TPlaceSuggestion) => void;
}) {
  const { t } = useTranslation();
  // What the member typed since the field was filled or a city was picked: only that is looked up.
  const [typed, setTyped] = useState<string | null>(null);
  const [focus, setFocus] = useState<TListFocus>(CLOSED);
  const { status, places } = usePlaceSuggestions(country, regionCode, typed);
  const listId = `${control.id}-listbox`;
  const optionId = (i: number) => `${control.id}-option-${i}`;
  const isListShown = focus.isOpen && places.length > 0;
  const isNoteShown = focus.isOpen && places.length === 0 && (status === 'loading' || status === 'done');
  const pick = (place: TPlaceSuggestion) => {
    setTyped(null);
    setFocus(CLOSED);
    onPick(place);
  };
  let announcement = '';
  if (typed !== null && status === 'done') {
    announcement = places.length
      ? t('location.city_suggestions', { count: places.length })
      : t('location.city_no_match');
  }
  return (
    <div className="position-relative">
      <input
        {...control}
        name="city"
        type="text"
        className="form-control"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isListShown}
        aria-controls={listId}
        aria-activedescendant={isListShown && focus.active >= 0 ? optionId(focus.active) : undefined}
        maxLength={CITY_MAX}
        value={value}
        required
        // The suggestions take the place of the browser's own list.
        autoComplete="off"
        onChange={(e) => {
          onType(e.target.value);
          setTyped(e.target.value);
          setFocus({ isOpen: true, active: -1 });
        }}
        onKeyDown={(e) => {
          const outcome = comboboxKey(focus, e.key, places.length);
          if (!outcome.isHandled) return;
          e.preventDefault();
          if (outcome.picked === null) setFocus(outcome.focus);
          else pick(places[outcome.picked]);
        }}
        onBlur={() => setFocus(CLOSED)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('location.city_list')}
        className={`dropdown-menu w-100 mt-1${isListShown ? ' show' : ''}`}
        // Keeps the focus in the input while an option is clicked or tapped.
        onMouseDown={(e) => e.preventDefault()}
      >
        {places.map((place, i) => (
          <li
            key={`${place.city}|${place.region_code}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === focus.active}
            className={`dropdown-item text-wrap${i === focus.active ? ' active' : ''}`}
            style={{ cursor: 'pointer' }}
            onClick={() => pick(place)}
          >
            {place.city}
            {place.region_name ? (
              <span className={i === focus.active ? 'small' : 'small text-body-secondary'}> · {place.region_name}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {isNoteShown ? (
        <div className="dropdown-menu show w-100 mt-1">
          <span className="dropdown-item-text text-body-secondary">
            {status === 'loading' ? t('location.city_searching') : t('location.city_no_match')}
          </span>
        </div>
      ) : null}
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
