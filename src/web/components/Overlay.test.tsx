/**
 * The shared sheet's keyboard behaviour (docs/decisions/0042-accessibility-checks.md): focus moves in on open, Tab
 * and Shift+Tab stay inside, Escape closes, and focus goes back to the control that opened it.
 * The browser test (tests/e2e/a11y.test.ts) walks the same with real key presses.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BottomSheet } from './Overlay';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open sheet
      </button>
      <button type="button">After</button>
      <BottomSheet open={open} onClose={() => setOpen(false)} title="Choose">
        <p>Some text</p>
        <button type="button">First choice</button>
        <button type="button">Last choice</button>
      </BottomSheet>
    </>
  );
}

const focused = () => document.activeElement;
const press = (key: string, shiftKey = false) => fireEvent.keyDown(focused() ?? document.body, { key, shiftKey });

function openSheet() {
  render(<Page />);
  const opener = screen.getByRole('button', { name: 'Open sheet' });
  opener.focus();
  fireEvent.click(opener);
  const sheet = screen.getByRole('dialog', { name: 'Choose' });
  return { opener, sheet };
}

afterEach(cleanup);

describe('BottomSheet keyboard behaviour', () => {
  it('is a labelled modal dialog and takes focus on open (its first control, the close button)', () => {
    const { sheet } = openSheet();
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(focused()).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('wraps Tab from the last control to the first, and Shift+Tab from the first to the last', () => {
    openSheet();
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Last choice' });
    last.focus();
    press('Tab');
    expect(focused()).toBe(close);
    press('Tab', true);
    expect(focused()).toBe(last);
  });

  it('brings focus that left the sheet (a click on its text) back in on Tab, never to the page behind', () => {
    openSheet();
    (focused() as HTMLElement).blur();
    expect(focused()).toBe(document.body);
    press('Tab');
    expect(focused()).toBe(screen.getByRole('button', { name: 'Close' }));
    (focused() as HTMLElement).blur();
    press('Tab', true);
    expect(focused()).toBe(screen.getByRole('button', { name: 'Last choice' }));
  });

  it('closes on Escape and gives focus back to the control that opened it', () => {
    const { opener } = openSheet();
    screen.getByRole('button', { name: 'First choice' }).focus();
    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(opener);
  });

  it('gives focus back to the opener when closed by its close button too', () => {
    const { opener } = openSheet();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(opener);
  });
});
