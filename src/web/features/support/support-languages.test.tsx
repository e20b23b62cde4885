/** Support in another language (docs/decisions/0043-languages.md): Japanese texts, the bot still asked in English. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import { SupportPage } from './SupportPage';
import { chooseLanguage } from '../../../../tests/helpers/web-language';

// The first switch loads Japanese's chunk and the message codes: seconds on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});
afterEach(async () => {
  await chooseLanguage('en');
  cleanup();
  localStorage.clear();
});

describe('support in Japanese', () => {
  it('shows the greeting, the FAQ and the human support button in Japanese; the bot is asked in English', async () => {
    api.on('POST /api-v2/question-answer/', [200, { answers: [] }]);
    await chooseLanguage('ja');
    renderScreen(<SupportPage />, { path: '/support', previous: null });
    expect(screen.getByRole('heading', { name: 'カスタマーサポート' })).toBeTruthy();
    expect(screen.getByText('こんにちは！下の質問を選ぶか、サポート担当者とチャットしてください。')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'オペレーターに接続' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '残高はどこ？' }));
    // The question shows as the button said it; the server still gets the English question it matches.
    expect(await screen.findByText('残高はどこ？', { selector: 'p' })).toBeTruthy();
    await vi.waitFor(() =>
      expect(api.callsTo('POST /api-v2/question-answer/').map((c) => c.body)).toEqual([
        { question: 'Where is my balance?' },
      ]),
    );
    expect(
      screen.queryByText(/Customer Support|Hello!|Where is my balance|Connect to Human Support|Frequently/),
    ).toBeNull();
  });
});
