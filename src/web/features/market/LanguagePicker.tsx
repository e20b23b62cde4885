/**
 * Home's language picker (SPEC.md section 2): the ten languages in a sheet. Only the choice is
 * kept for now (local storage); translations come later and read the same setting.
 */
import { useState } from 'react';
import { LANGUAGES } from '../../../shared/constants.js';
import { cx } from '../../components/cx';
import { CheckIcon, GlobeIcon } from '../../components/icons';
import { BottomSheet } from '../../components/Overlay';
import { languageName, useLanguage } from '../../lib/language';

export function LanguagePicker() {
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useLanguage();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Language: ${languageName(language)}`}
        aria-haspopup="dialog"
        className="flex h-touch items-center gap-1 rounded-full px-2.5 text-[13px] font-semibold text-ink hover:bg-surface-2"
      >
        <GlobeIcon size={20} />
        <span className="uppercase">{language}</span>
      </button>
      <BottomSheet open={open} onClose={() => setOpen(false)} title="Language">
        <ul role="radiogroup" aria-label="Language" className="-mx-2 pb-2">
          {LANGUAGES.map(({ code, name }) => {
            const selected = code === language;
            return (
              <li key={code}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  data-autofocus={selected || undefined}
                  onClick={() => {
                    setLanguage(code);
                    setOpen(false);
                  }}
                  className={cx(
                    'flex min-h-[48px] w-full items-center justify-between rounded-xl px-3 text-left text-[15px] hover:bg-surface-2',
                    selected && 'font-semibold text-primary',
                  )}
                >
                  {name}
                  {selected && <CheckIcon size={20} />}
                </button>
              </li>
            );
          })}
        </ul>
      </BottomSheet>
    </>
  );
}
