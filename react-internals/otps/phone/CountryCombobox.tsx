/**
 * The country selector as a searchable combobox (issue 17 defect 2; WAI-ARIA APG "editable
 * combobox with list autocomplete"): typing a name ("united k", "deutsch" in German), an ISO code
 * ("gb") or a dial code ("+44") filters the list; ArrowDown/ArrowUp move, Enter picks, Escape
 * closes and restores the choice; common countries come first. Closed, it reads "United States
 * +1" (docs/reference/methods/otps.md#screens options still read "+1 United States" in the list). Focus never leaves the text
 * field: the active option is `aria-activedescendant`. Names come from Intl.DisplayNames (the
 * table's locale), so the code ships in the lazily loaded phone chunk with the rest of the form.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useChunkStyles } from '../../components/chunk-styles.ts';
import { useWidget } from '../../context.ts';
import { text } from '../../text.ts';
import { type RegionOption, searchRegions } from './calling-codes.ts';
import { isolateDialCode } from './dial-code.ts';
import { PHONE_RULES } from './styles.ts';

/** Props of {@link CountryCombobox}. */
export interface CountryComboboxProps {
  /** The field's id (its label points at it). */
  id: string;
  /** Every country, sorted by name in the list's language. */
  options: readonly RegionOption[];
  /** The chosen region (ISO 3166-1 alpha-2). */
  value: string;
  /** Called with a newly chosen region. */
  onChange(region: string): void;
  /** Locale for case and accent folding. */
  locale: string;
}

/** The searchable country field. */
export function CountryCombobox({ id, options, value, onChange, locale }: CountryComboboxProps) {
  const { strings } = useWidget();
  const chosen = options.find((o) => o.region === value);
  const label = chosen ? isolateDialCode(text(strings, 'phone.countryChosen', { region: chosen.name, dialCode: chosen.dialCode }), chosen.dialCode) : value;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  useChunkStyles(listRef, PHONE_RULES);
  const listId = useId();
  const hintId = useId();
  const matches = useMemo(() => searchRegions(options, query ?? '', locale), [options, query, locale]);
  const optionId = (region: string) => `${listId}-${region}`;
  const activeOption = open ? matches[active] : undefined;

  // Keep the active option in view as the arrows move it.
  useEffect(() => {
    if (!activeOption) return;
    const node = listRef.current?.querySelector<HTMLElement>(`[data-region="${activeOption.region}"]`);
    node?.scrollIntoView?.({ block: 'nearest' });
  }, [activeOption]);

  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const pick = (o: RegionOption | undefined) => {
    if (o && o.region !== value) onChange(o.region);
    close();
  };
  const openAt = (list: readonly RegionOption[]) => {
    setOpen(true);
    // Opening shows the current choice highlighted (when nothing is typed).
    const at = query === null ? list.findIndex((o) => o.region === value) : 0;
    setActive(Math.max(0, at));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open || e.altKey) openAt(matches);
        else setActive((i) => Math.min(matches.length - 1, i + 1));
        return;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) openAt(matches);
        else setActive((i) => Math.max(0, i - 1));
        return;
      case 'PageDown':
        if (!open) return;
        e.preventDefault();
        setActive((i) => Math.min(matches.length - 1, i + 10));
        return;
      case 'PageUp':
        if (!open) return;
        e.preventDefault();
        setActive((i) => Math.max(0, i - 10));
        return;
      case 'Enter':
        // Enter picks the active option; with the list closed it submits the form as usual.
        if (!open) return;
        e.preventDefault();
        pick(matches[active]);
        return;
      case 'Escape':
        if (!open && query === null) return;
        e.preventDefault();
        close();
        return;
      case 'Tab':
        // Leaving with a typed query takes its best match (APG: the autocompleted value is accepted).
        if (open && query !== null) pick(matches[active]);
        else close();
        return;
    }
  };

  return (
    <div className="ae-combobox">
      <input
        id={id}
        className="ae-input ae-select"
        part="input country-select"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={listId}
        aria-activedescendant={activeOption ? optionId(activeOption.region) : undefined}
        aria-describedby={hintId}
        data-region={value}
        value={query ?? label}
        onFocus={(e) => e.currentTarget.select()}
        onClick={() => (open ? close() : openAt(matches))}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <span id={hintId} className="ae-visually-hidden">
        {strings['phone.countryHint']}
      </span>
      {/* How many countries the typed search leaves, said politely as it narrows (not on open: the list is all of them). */}
      <span className="ae-visually-hidden" role="status" data-country-matches="">
        {open && query !== null ? text(strings, 'phone.countryMatches', { count: matches.length }) : ''}
      </span>
      {/* The form posts the region code, not the label. */}
      <input type="hidden" name="country" value={value} />
      <div id={listId} ref={listRef} className="ae-listbox" role="listbox" part="country-listbox" aria-label={strings['phone.countryLabel']} hidden={!open}>
        {open &&
          matches.map((o, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: APG combobox: focus stays in the field, the active option is aria-activedescendant.
            <div
              key={o.region}
              id={optionId(o.region)}
              role="option"
              data-region={o.region}
              aria-selected={i === active ? 'true' : 'false'}
              data-current={o.region === value ? '' : undefined}
              className="ae-option"
              // mousedown, not click: keep focus in the field (its blur would close the list first).
              onMouseDown={(e) => {
                e.preventDefault();
                pick(o);
              }}
            >
              {isolateDialCode(text(strings, 'phone.countryOption', { dialCode: o.dialCode, region: o.name }), o.dialCode)}
            </div>
          ))}
        {open && matches.length === 0 && (
          // biome-ignore lint/a11y/useFocusableInteractive: as above (never active).
          <div className="ae-option ae-option-empty" role="option" aria-disabled="true" aria-selected="false">
            {strings['phone.countryNoMatch']}
          </div>
        )}
      </div>
    </div>
  );
}
