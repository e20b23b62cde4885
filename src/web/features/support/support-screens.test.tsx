/** The support screens against a faked API (docs/product.md sections 2, 4, 5, 8 and 9). */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi, resetScreenTest } from '../../../../tests/helpers/fake-web-api';
import { CopyButton } from '../../components/CopyButton';
import type { ChatMessage } from '../../../shared/api/support';
import { COPY_CONFIRMATION_MS, MAX_IMAGE_BYTES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { AdminChatPage } from './AdminChatPage';
import { ChatPage } from './ChatPage';
import { Composer, EMPTY_DRAFT, type ChatDraft } from './chat/Composer';
import { ImageViewer } from './chat/ImageViewer';
import { SupportPage } from './SupportPage';

let api: FakeApi;
/** What the screens sent: the method, the address with its query string and the body. */
const calls = () => api.calls.map(({ method, url, body }) => ({ method, url, body }));

beforeEach(() => {
  api = installFakeApi();
});
afterEach(resetScreenTest);

function show(element: ReactElement, path: string, at: string) {
  return renderScreen(element, {
    path,
    url: at,
    previous: null,
    routes: {
      '/support': <p>the support page</p>,
      '/chat/:sessionId': <p>a chat</p>,
      '/admin/dashboard': <p>the dashboard</p>,
    },
  }).router;
}

const SESSION = '6f1c1f0e-7d43-4b8e-9f5e-0a4c2b7d9e11';
const message = (overrides: Partial<ChatMessage>): ChatMessage => ({
  id: 1,
  session: SESSION,
  text: '',
  image_url: null,
  timestamp: new Date().toISOString(),
  is_staff: false,
  sender: 7,
  sender_username: 'Ada Lovelace',
  ...overrides,
});

describe('the FAQ bot', () => {
  it('asks the question and shows it with the answer as bubbles, addresses as rows to copy', async () => {
    api.on('POST /api-v2/question-answer/', [
      200,
      { answers: [{ answer: 'Send USDT here:\nERC20: 0xabc\nTRC20: Tdef\nBTC: bc1ghi' }] },
    ]);
    show(<SupportPage />, '/support', '/support');
    expect(screen.getByRole('heading', { name: 'Customer Support' })).toBeTruthy();
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getAllByRole('button')).toHaveLength(6);
    fireEvent.click(within(faq).getByRole('button', { name: 'Platform recharge address' }));

    const conversation = screen.getByRole('region', { name: 'Conversation' });
    expect(within(conversation).getByText('Platform recharge address')).toBeTruthy();
    expect(await within(conversation).findByText('Send USDT here:')).toBeTruthy();
    for (const [network, address] of [
      ['ERC20', '0xabc'],
      ['TRC20', 'Tdef'],
      ['BTC', 'bc1ghi'],
    ]) {
      expect(within(conversation).getByText(address!)).toBeTruthy();
      expect(within(conversation).getByRole('button', { name: `Copy ${network} address` })).toBeTruthy();
    }
    expect(calls()).toEqual([
      { method: 'POST', url: '/api-v2/question-answer/', body: { question: 'Platform recharge address' } },
    ]);
  });

  it("says 'Sorry, I couldn't find an answer to that question.' when there is none", async () => {
    api.on('POST /api-v2/question-answer/', [200, { answers: [] }]);
    show(<SupportPage />, '/support', '/support');
    fireEvent.click(screen.getByRole('button', { name: 'Where is my balance?' }));
    expect(await screen.findByText(MSG.noAnswer)).toBeTruthy();
  });

  it("says 'Failed to search for answer' when asking fails", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.on('POST /api-v2/question-answer/', [400, { error: MSG.questionRequired }]);
    show(<SupportPage />, '/support', '/support');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw and recharge' }));
    expect(await screen.findByText(MSG.searchAnswerFailed)).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it("'Connect to Human Support' opens the chat and goes to /chat/{sessionId}", async () => {
    api.on('POST /api-v2/chats/', [201, { session_id: SESSION }]);
    const router = show(<SupportPage />, '/support', '/support');
    fireEvent.click(screen.getByRole('button', { name: 'Connect to Human Support' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${SESSION}`));
  });
});

describe('the copy button', () => {
  it("copies and says 'Copied!' for 2 seconds", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true); // the Clipboard API is only there on HTTPS or localhost
    render(<CopyButton text="TQn9Y2" label="Copy TRC20 address" caption="Copy" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy TRC20 address' }));
    });
    expect(writeText).toHaveBeenCalledWith('TQn9Y2');
    expect(screen.getByRole('button', { name: MSG.copied })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1);
    });
    expect(screen.getByText(MSG.copied)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText(MSG.copied)).toBeNull();
  });
});

function ComposerHarness({ onSend, disabled }: { onSend: (draft: ChatDraft) => void; disabled?: boolean }) {
  const [draft, setDraft] = useState<ChatDraft>(EMPTY_DRAFT);
  return <Composer draft={draft} onDraftChange={setDraft} onSend={onSend} disabled={disabled} />;
}

function attach(file: File) {
  const input = screen.getByLabelText('Image file');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('the chat composer', () => {
  const send = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
  const text = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLInputElement;

  it('sends only with text or an image', () => {
    const onSend = vi.fn();
    render(<ComposerHarness onSend={onSend} />);
    expect(text().placeholder).toBe('Type your message...');
    expect(send().disabled).toBe(true);
    fireEvent.change(text(), { target: { value: '   ' } });
    expect(send().disabled).toBe(true);
    fireEvent.change(text(), { target: { value: 'Hello' } });
    fireEvent.click(send());
    expect(onSend).toHaveBeenCalledWith({ text: 'Hello', image: null });

    cleanup();
    render(<ComposerHarness onSend={onSend} />);
    const picture = new File([new Uint8Array(10)], 'receipt.png', { type: 'image/png' });
    attach(picture);
    expect(send().disabled).toBe(false);
    fireEvent.click(send());
    expect(onSend).toHaveBeenLastCalledWith({ text: '', image: picture });
  });

  it("refuses a file over 5242880 bytes with 'File size should not exceed 5MB', and non-images", () => {
    render(<ComposerHarness onSend={vi.fn()} />);
    attach(new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe(MSG.fileTooLarge);
    expect(screen.queryByRole('img', { name: 'Image to send' })).toBeNull();
    attach(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(screen.getByRole('alert').textContent).toBe(MSG.notAnImage);
  });

  it('previews an attached image and removes it', async () => {
    render(<ComposerHarness onSend={vi.fn()} />);
    attach(new File([new Uint8Array(10)], 'receipt.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Image to send' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img', { name: 'Image to send' })).toBeNull();
    expect(send().disabled).toBe(true);
  });

  it('has a 350 x 450 emoji picker that puts the pick in the text, remembers it and closes', () => {
    render(<ComposerHarness onSend={vi.fn()} />);
    fireEvent.change(text(), { target: { value: 'Thanks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Emoji' }));
    const picker = screen.getByRole('dialog', { name: 'Emoji' });
    expect(picker.style.width).toBe('350px');
    expect(picker.style.height).toBe('450px');
    fireEvent.click(within(picker).getByRole('button', { name: '🙏' }));
    expect(screen.queryByRole('dialog', { name: 'Emoji' })).toBeNull();
    expect(text().value).toBe('Thanks🙏');
    expect(JSON.parse(localStorage.getItem('emojiRecents')!)).toEqual(['🙏']);

    fireEvent.click(screen.getByRole('button', { name: 'Emoji' }));
    const recent = within(screen.getByRole('dialog', { name: 'Emoji' })).getByRole('region', { name: 'Recent' });
    expect(within(recent).getByRole('button', { name: '🙏' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Emoji' })).toBeNull();
  });

  it('sends nothing while the chat is closed', () => {
    render(<ComposerHarness onSend={vi.fn()} disabled />);
    expect(text().disabled).toBe(true);
    expect(send().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Attach image' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

const sessionDetails = (status: 'open' | 'closed') => ({
  session_id: SESSION,
  status,
  user_id: 7,
  username: 'Ada Lovelace',
  created_at: new Date().toISOString(),
  closed_at: status === 'closed' ? new Date().toISOString() : null,
});

describe('the user chat', () => {
  it("puts the user's messages right and staff's left, as text, and sends multipart", async () => {
    api.on(`GET /api-v2/chats/${SESSION}/`, [200, sessionDetails('open')]);
    api.on(`GET /api-v2/messages/?session_id=${SESSION}`, [
      200,
      [
        message({ id: 1, text: '<b>hi</b>' }),
        message({ id: 2, text: 'Hello Ada', is_staff: true, sender: 1, sender_username: 'Sam Support' }),
      ],
    ]);
    api.on('POST /api-v2/messages/', [201, message({ id: 3, text: 'Thanks' })]);
    show(<ChatPage />, '/chat/:sessionId', `/chat/${SESSION}`);
    const bubbles = await screen.findAllByTestId('chat-message');
    expect(bubbles.map((b) => [b.dataset.mine, b.querySelector('p')?.textContent])).toEqual([
      ['true', '<b>hi</b>'],
      ['false', 'Hello Ada'],
    ]);
    expect(document.querySelector('[data-testid="chat-message"] b')).toBeNull();
    expect(screen.getByText('Sam Support')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: ' Thanks ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thanks')).toBeTruthy();
    const form = calls().find((c) => c.method === 'POST')!.body as FormData;
    expect([form.get('session_id'), form.get('text'), form.get('image')]).toEqual([SESSION, 'Thanks', null]);
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLInputElement).value).toBe('');
  });

  it('shows the newest page of a long chat and loads the earlier messages above it on request', async () => {
    api.on(`GET /api-v2/chats/${SESSION}/`, [200, sessionDetails('open')]);
    const newest = Array.from({ length: 50 }, (_, i) => message({ id: 101 + i, text: `new ${101 + i}` }));
    api.on(`GET /api-v2/messages/?session_id=${SESSION}`, [200, newest]);
    api.on(`GET /api-v2/messages/?session_id=${SESSION}&before=101`, [
      200,
      [message({ id: 7, text: 'first words' }), message({ id: 8, text: 'second words' })],
    ]);
    show(<ChatPage />, '/chat/:sessionId', `/chat/${SESSION}`);
    expect(await screen.findAllByTestId('chat-message')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('first words')).toBeTruthy();
    const texts = screen.getAllByTestId('chat-message').map((b) => b.querySelector('p')?.textContent);
    expect(texts.slice(0, 3)).toEqual(['first words', 'second words', 'new 101']);
    expect(texts).toHaveLength(52);
    // A short page is the chat's start: nothing earlier to ask for.
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('says when the chat has ended and stops sending', async () => {
    api.on(`GET /api-v2/chats/${SESSION}/`, [200, sessionDetails('closed')]);
    api.on(`GET /api-v2/messages/?session_id=${SESSION}`, [200, [message({ text: 'hello' })]]);
    show(<ChatPage />, '/chat/:sessionId', `/chat/${SESSION}`);
    expect(await screen.findByText(MSG.chatEnded)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLInputElement).disabled).toBe(true);
  });

  it("keeps the message and says 'Failed to send message' when sending fails", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.on(`GET /api-v2/chats/${SESSION}/`, [200, sessionDetails('open')]);
    api.on(`GET /api-v2/messages/?session_id=${SESSION}`, [200, []]);
    api.on('POST /api-v2/messages/', [500, {}]);
    show(<ChatPage />, '/chat/:sessionId', `/chat/${SESSION}`);
    const box = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLInputElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.change(box, { target: { value: 'Are you there?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MSG.sendMessageFailed)).toBeTruthy();
    expect(box.value).toBe('Are you there?');
    expect(logged).toHaveBeenCalledWith(MSG.sendMessageFailed, expect.anything());
  });

  it("says 'Chat session not found' for someone else's or an unknown chat", async () => {
    api.on(`GET /api-v2/chats/${SESSION}/`, [404, { error: MSG.chatNotFound }]);
    show(<ChatPage />, '/chat/:sessionId', `/chat/${SESSION}`);
    expect(await screen.findByText(MSG.chatNotFound)).toBeTruthy();
  });
});

describe('the staff chat', () => {
  const key = JSON.stringify({ user_id: 7, username: 'Ada Lovelace' });
  const at = `/admin/chat/${encodeURIComponent(key)}`;

  beforeEach(() => {
    api.on('GET /api-v2/support/latest-messages/', [200, { [key]: [message({ id: 1, text: 'hello' })] }]);
    api.on(`GET /api-v2/chats/${SESSION}/`, [200, sessionDetails('open')]);
    api.on(`GET /api-v2/messages/?session_id=${SESSION}`, [200, [message({ id: 1, text: 'hello' })]]);
  });

  it("finds the user's chat from the key, with the name and 'Active Chat Session'", async () => {
    show(<AdminChatPage />, '/admin/chat/:userId', at);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('Active Chat Session')).toBeTruthy();
    const [bubble] = await screen.findAllByTestId('chat-message');
    expect(bubble!.dataset.mine).toBe('false');
  });

  it('shows a staff message at once and takes it back, text into the box, when sending fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail: (answer: [number, unknown]) => void = () => undefined;
    api.on('POST /api-v2/messages/', () => new Promise((resolve) => (fail = resolve)));
    show(<AdminChatPage />, '/admin/chat/:userId', at);
    const box = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLInputElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.change(box, { target: { value: 'Checking now' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    const sending = await screen.findByText('Checking now');
    expect(sending.closest('[data-testid="chat-message"]')?.getAttribute('data-mine')).toBe('true');
    expect(screen.getByText('Sending...')).toBeTruthy();
    expect(box.value).toBe('');

    await act(async () => fail([500, {}]));
    await waitFor(() => expect(screen.queryByText('Sending...')).toBeNull());
    expect(screen.getByRole('alert').textContent).toBe(MSG.sendMessageFailed);
    expect(screen.queryAllByTestId('chat-message')).toHaveLength(1);
    expect(box.value).toBe('Checking now');
    expect(logged).toHaveBeenCalledWith(MSG.sendMessageFailed, expect.anything());
  });

  it("'End Chat' closes the session and goes back to the dashboard", async () => {
    api.on('POST /api-v2/close-chat/', [200, { message: MSG.chatClosed, session_id: SESSION }]);
    const router = show(<AdminChatPage />, '/admin/chat/:userId', at);
    fireEvent.click(await screen.findByRole('button', { name: 'End Chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(calls().find((c) => c.url === '/api-v2/close-chat/')?.body).toEqual({ session_id: SESSION });
  });
});

describe('the image viewer', () => {
  function Viewer() {
    const [src, setSrc] = useState<string | null>(null);
    return (
      <>
        <button type="button" onClick={() => setSrc('/files/a.png')}>
          Open picture
        </button>
        <ImageViewer src={src} onClose={() => setSrc(null)} />
      </>
    );
  }

  it('takes focus to its close button, closes on Escape and gives focus back, without locking the page', () => {
    render(<Viewer />);
    const opener = screen.getByRole('button', { name: 'Open picture' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Image' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close image' }));
    expect(document.body.style.overflow).toBe('');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Image' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
