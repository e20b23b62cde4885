/**
 * The shared components in another language (docs/decisions/0043-languages.md): the Pager's words and numbers,
 * the PageHeader's back button and the sheets' close button follow the language picked; English stays
 * exactly as it was.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../tests/helpers/fake-web-api';
import { BottomSheet } from './Overlay';
import { PageHeader } from './PageHeader';
import { Pager } from './Pager';
import { Spinner } from './Spinner';
import { chooseLanguage } from '../../../tests/helpers/web-language';

afterEach(async () => {
  await chooseLanguage('en');
  cleanup();
  localStorage.clear();
});

const pager = (props: { total?: number; hasNext?: boolean }) => (
  <Pager page={2} pageSize={10} onPage={() => undefined} label="Pages" {...props} />
);

describe('Pager', () => {
  it('reads Previous, "Page n of m" and Next in English', () => {
    render(pager({ total: 30 }));
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('speaks German, with and without a total, and leaves no English word', async () => {
    await chooseLanguage('de');
    const onPage = vi.fn();
    render(<Pager page={2} pageSize={10} total={30} onPage={onPage} label="Seiten" />);
    expect(screen.getByText('Seite 2 von 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(onPage).toHaveBeenCalledWith(3);
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeTruthy();
    for (const english of ['Previous', 'Next', /Page/]) expect(screen.queryByText(english)).toBeNull();
    cleanup();
    render(pager({ hasNext: true }));
    expect(screen.getByText('Seite 2')).toBeTruthy();
  });

  it('counts in Japanese', async () => {
    await chooseLanguage('ja');
    render(pager({ total: 30 }));
    expect(screen.getByText('2 / 3 ページ')).toBeTruthy();
    expect(screen.getByRole('button', { name: '前へ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '次へ' })).toBeTruthy();
  });
});

describe('PageHeader, sheets and the spinner', () => {
  it('name their buttons and status in the language picked', async () => {
    renderScreen(<PageHeader title="Profil" />, { path: '/x' });
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    cleanup();
    await chooseLanguage('fr');
    renderScreen(
      <>
        <PageHeader title="Profil" />
        <Spinner />
        <BottomSheet open onClose={() => undefined} title="Feuille">
          <p>Texte</p>
        </BottomSheet>
      </>,
      { path: '/x' },
    );
    expect(screen.getByRole('button', { name: 'Retour' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Chargement');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
