/** A catalog text with one value shown as its own element (`We sent a code to {{email}} ...`). */
import type { ReactNode } from 'react';

/**
 * `text` (translated, its `{{name}}` placeholder left unfilled) with `children` where the placeholder
 * stands: the word order is each language's, the value keeps its own styling.
 */
export function WithValue({ text, name, children }: { text: string; name: string; children: ReactNode }) {
  const [before = '', after = ''] = text.split(`{{${name}}}`);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
