/**
 * Home's language picker (docs/product.md section 2): the ten languages in a sheet, each named as its
 * speakers write it (Deutsch, 日本語: one finds one's own language whatever is shown), with its name in
 * the language shown beneath when that differs (home.languageNames; in English, docs/product.md's names).
 * The choice is kept locally; lib/i18n.ts follows it.
 */
import { useState } from 'react';
import { LANGUAGES } from '../../../shared/constants.js';
import { cx } from '../../components/cx';
import { CheckIcon, GlobeIcon } from '../../components/icons';
import { BottomSheet } from '../../components/Overlay';
import { useT } from '../../lib/i18n';
import { useLanguage, type LanguageCode } from '../../lib/language';

export function LanguagePicker() {
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useLanguage();
  const t = useT();
  const nameOf = (code: LanguageCode) => t(`home.languageNames.${code}`);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        // The visible code is part of the name, outside parentheses (axe label-content-name-mismatch drops those).
        aria-label={`${t('home.languageCurrent', { name: nameOf(language) })}, ${language.toUpperCase()}`}
        aria-haspopup="dialog"
        className="flex h-touch items-center gap-1 rounded-full px-2.5 text-[13px] font-semibold text-ink hover:bg-surface-2"
      >
        <GlobeIcon size={20} />
        <span className="uppercase">{language}</span>
      </button>
      <BottomSheet open={open} onClose={() => setOpen(false)} title={t('home.language')}>
        {/* A radio group holds radios, not list items (axe listitem): no <ul>/<li> around them. */}
        <div role="radiogroup" aria-label={t('home.language')} className="-mx-2 pb-2">
          {LANGUAGES.map(({ code, native }) => {
            const selected = code === language;
            const shownName = nameOf(code);
            return (
              <button
                key={code}
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
                <span className="flex flex-col py-1.5">
                  {/* A name, not the app's text: translate="no" (the language checks leave it out too). */}
                  <span lang={code} translate="no">
                    {native}
                  </span>
                  {shownName !== native && <span className="text-[13px] font-normal text-muted">{shownName}</span>}
                </span>
                {selected && <CheckIcon size={20} />}
              </button>
            );
          })}
        </div>
      </BottomSheet>
    </>
  );
}
