/**
 * The record a notification opens on the records screen (`?record=<id>`, docs/decisions/0068-screens-finish.md):
 * its list item is marked current, outlined, and scrolled to once it is on the screen.
 */
import { useEffect, useRef } from 'react';

/** The classes of an opened record's list item: outlined in the primary colour. */
export const OPENED_RECORD = 'bg-primary/5 ring-2 ring-inset ring-primary';

/** A ref for the record's list item; when `opened`, the item is scrolled to the middle of the screen once. */
export function useOpenedRecord(opened: boolean) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (opened) ref.current?.scrollIntoView({ block: 'center' });
  }, [opened]);
  return ref;
}
