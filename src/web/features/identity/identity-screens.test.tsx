/** The identity screens and the staff list against a faked API (docs/product.md sections 2, 4, 5 and 8). */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApiPerTest, GRACE_INFO, renderScreen } from '../../../../tests/helpers/fake-web-api';
import { MAX_IMAGE_BYTES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { submissionErrorMessage } from './api/submit-verification';
import { BasicInfoPage } from './BasicInfoPage';
import { IdentityVerificationPage } from './IdentityVerificationPage';
import { UnverifiedUsersPanel } from './UnverifiedUsersPanel';

type Answer = readonly [number, unknown] | 'network-error';
const api = fakeApiPerTest();

const info = GRACE_INFO;

beforeEach(() => {
  api.on('GET /api-v1/info/', [200, info]);
});

/** Shows `element` at `path`, one step after the status screen (where "back" leads). */
function show(element: ReactElement, path: string) {
  return renderScreen(element, {
    path,
    previous: '/identity-verification',
    routes: { '/identity-verification': <IdentityVerificationPage /> },
  }).router;
}

const status = (answer: Answer) => api.on('GET /api-v1/documents-verification/', answer);
const submission = (overrides: Record<string, unknown> = {}) => ({
  is_verified: false,
  verification_status: 'pending',
  rejection_reason: null,
  full_name: 'Grace Hopper',
  id_card_number: 'ID-4411',
  ...overrides,
});

describe('the status screen', () => {
  it("offers 'Fill in' when nothing was submitted (a 404), and says why to certify", async () => {
    status([404, { error: MSG.noVerificationSubmitted }]);
    show(<IdentityVerificationPage />, '/identity-verification');
    expect((await screen.findByRole('link', { name: 'Fill in' })).getAttribute('href')).toBe(
      '/identity-verification/basic-info',
    );
    expect(screen.getByText('Basic Information')).toBeTruthy();
    expect(screen.getByText(/increases your withdrawal amount/)).toBeTruthy();
    expect(screen.queryByText(MSG.fetchVerificationFailed)).toBeNull();
  });

  it('shows name, ID number and Under Review once submitted, with no way to fill in again', async () => {
    status([200, submission()]);
    show(<IdentityVerificationPage />, '/identity-verification');
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByText('ID-4411')).toBeTruthy();
    expect(screen.getAllByText('Under Review')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Fill in' })).toBeNull();
  });

  it('shows Verified', async () => {
    status([200, submission({ is_verified: true, verification_status: 'verified' })]);
    show(<IdentityVerificationPage />, '/identity-verification');
    expect((await screen.findAllByText('Verified')).length).toBeGreaterThan(0);
  });

  it("shows a rejection's reason, or 'Verification failed. Please try again.', and lets the user fill in again", async () => {
    status([200, submission({ verification_status: 'rejected', rejection_reason: 'The photo is blurred' })]);
    show(<IdentityVerificationPage />, '/identity-verification');
    expect(await screen.findByText('The photo is blurred')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fill in' })).toBeTruthy();
    cleanup();

    status([200, submission({ verification_status: 'rejected', rejection_reason: null })]);
    show(<IdentityVerificationPage />, '/identity-verification');
    expect(await screen.findByText(MSG.verificationFailed)).toBeTruthy();
  });

  it("says 'Failed to fetch verification status' when the call fails other than with a 404", async () => {
    status([500, { error: 'Internal Server Error' }]);
    show(<IdentityVerificationPage />, '/identity-verification');
    expect(await screen.findByText(MSG.fetchVerificationFailed, undefined, { timeout: 5_000 })).toBeTruthy();
  });
});

const image = (name: string, size?: number, type = 'image/png') =>
  new File([size ? new Uint8Array(size) : new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type });

function pick(label: string, file: File) {
  const input = screen.getByLabelText(label, { selector: 'input' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

async function fillForm() {
  await waitFor(() => expect((screen.getByLabelText('ID number') as HTMLInputElement).value).toBe('87654321'));
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Grace Hopper ' } });
  pick('ID card front', image('front.png'));
  pick('ID card back', image('back.png'));
  pick('Photo holding your ID', image('selfie.png'));
}

const confirm = () => fireEvent.click(screen.getByRole('button', { name: /confirm/i }));

describe('the basic-info form', () => {
  beforeEach(() => status([404, { error: MSG.noVerificationSubmitted }]));

  it("prefills the ID number with the user's unique id and needs every field and all three images", async () => {
    show(<BasicInfoPage />, '/identity-verification/basic-info');
    await waitFor(() => expect((screen.getByLabelText('ID number') as HTMLInputElement).value).toBe('87654321'));
    confirm();
    for (const message of [MSG.fullNameRequired, MSG.idCardFrontRequired, MSG.idCardBackRequired, MSG.selfieRequired]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses a file that is not an image, and one over 5 MB, before sending anything', async () => {
    show(<BasicInfoPage />, '/identity-verification/basic-info');
    pick('ID card front', image('notes.pdf', 10, 'application/pdf'));
    expect(await screen.findByText(MSG.notAnImage)).toBeTruthy();
    pick('ID card front', image('huge.png', MAX_IMAGE_BYTES + 1));
    expect(await screen.findByText(MSG.fileTooLarge)).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'ID card front preview' })).toBeNull();
    pick('ID card front', image('front.png', MAX_IMAGE_BYTES));
    expect(await screen.findByRole('img', { name: 'ID card front preview' })).toBeTruthy();
    expect(screen.queryByText(MSG.fileTooLarge)).toBeNull();
  });

  it("sends the five fields as one multipart form, says 'Submitting...', then succeeds and goes back", async () => {
    let answer: (value: Answer) => void = () => undefined;
    api.on('POST /api-v1/documents-verification/', () => new Promise<Answer>((resolve) => (answer = resolve)));
    const router = show(<BasicInfoPage />, '/identity-verification/basic-info');
    await fillForm();
    confirm();
    expect(await screen.findByText('Submitting...')).toBeTruthy();

    const form = api.callsTo('POST /api-v1/documents-verification/')[0]!.body as FormData;
    expect(form.get('full_name')).toBe('Grace Hopper');
    expect(form.get('user_id')).toBe('87654321');
    for (const field of ['id_card_front', 'id_card_back', 'selfie']) expect(form.get(field)).toBeInstanceOf(File);

    answer([201, { message: MSG.verificationSubmitted, verification_status: 'pending' }]);
    expect(await screen.findByText(MSG.verificationSubmitted)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/identity-verification'), { timeout: 3_000 });
  });

  it.each([
    ['the server error', [409, { error: MSG.verificationUnderReview }] as Answer, MSG.verificationUnderReview],
    ['its fallback', [500, {}] as Answer, MSG.verificationSubmitFailed],
    ['the network message', 'network-error' as Answer, MSG.verificationNetworkError],
  ])('shows %s when sending fails', async (_case, failure, message) => {
    api.on('POST /api-v1/documents-verification/', failure);
    show(<BasicInfoPage />, '/identity-verification/basic-info');
    await fillForm();
    confirm();
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('puts a field message of the server under its field', async () => {
    api.on('POST /api-v1/documents-verification/', [
      400,
      { error: MSG.notAnImage, fields: { selfie: MSG.notAnImage } },
    ]);
    show(<BasicInfoPage />, '/identity-verification/basic-info');
    await fillForm();
    confirm();
    await waitFor(() => expect(screen.getAllByText(MSG.notAnImage)).toHaveLength(2));
    expect(screen.getByLabelText('Photo holding your ID', { selector: 'input' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('says the review is under way instead of the form while a submission waits', async () => {
    status([200, submission()]);
    show(<BasicInfoPage />, '/identity-verification/basic-info');
    expect(await screen.findByText(MSG.verificationUnderReview)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /confirm/i })).toBeNull();
  });

  it("calls anything that is not an answer from the server 'Something went wrong'", () => {
    expect(submissionErrorMessage(new TypeError('x is undefined'))).toBe(MSG.somethingWentWrong);
  });
});

describe('the Unverified Users panel', () => {
  const list = (answer: Answer) => api.on('GET /api-v3/admin/unverified-users-records/', answer);
  const showPanel = () => show(<UnverifiedUsersPanel />, '/admin/dashboard');

  it.each([
    ['a 404', [404, { error: 'Not found' }] as Answer],
    ["an error saying 'No unverified users'", [400, { error: 'No unverified users' }] as Answer],
    ['an empty list', [200, []] as Answer],
  ])('shows an empty list for %s', async (_case, answer) => {
    list(answer);
    showPanel();
    expect(await screen.findByText(MSG.noUnverifiedUsers)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows other failures in red: the message, then the error, else the fallback', async () => {
    list([500, { message: 'Database unavailable', error: 'Internal' }]);
    showPanel();
    expect((await screen.findByRole('alert', undefined, { timeout: 5_000 })).textContent).toBe('Database unavailable');
    cleanup();
    list([403, {}]);
    showPanel();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.fetchUnverifiedFailed);
  });

  it('verifies a user and reloads the list; rejects with the reason typed', async () => {
    let waiting = [{ user_id: 5, full_name: 'Ada Lovelace', user_uniqueid: '11112222' }];
    api.on('GET /api-v3/admin/unverified-users-records/', () => [200, waiting]);
    api.on('PATCH /api-v3/admin/verify-user/5/', ({ body }) => {
      waiting = [];
      const status = (body as { status: string }).status;
      return [200, { message: 'ok', user_id: 5, verification_status: status === 'verified' ? 'verified' : 'rejected' }];
    });
    showPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MSG.noUnverifiedUsers)).toBeTruthy();
    expect(api.callsTo('PATCH /api-v3/admin/verify-user/5/')[0]?.body).toEqual({ status: 'verified' });
    cleanup();

    waiting = [{ user_id: 5, full_name: 'Ada Lovelace', user_uniqueid: '11112222' }];
    api.calls.length = 0;
    showPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const sheet = screen.getByRole('dialog', { name: 'Reject verification' });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: ' Blurred photo ' } });
    fireEvent.click(sheet.querySelector('button[type="submit"]')!);
    expect(await screen.findByText(MSG.noUnverifiedUsers)).toBeTruthy();
    expect(api.callsTo('PATCH /api-v3/admin/verify-user/5/')[0]?.body).toEqual({
      status: 'unverified',
      reason: 'Blurred photo',
    });
  });

  it("only logs 'Failed to verify user', and still reloads the list", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    list([200, [{ user_id: 5, full_name: 'Ada Lovelace', user_uniqueid: '11112222' }]]);
    api.on('PATCH /api-v3/admin/verify-user/5/', [409, { error: MSG.verificationAlreadyReviewed }]);
    showPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith(MSG.verifyUserFailed, expect.anything()));
    await waitFor(() => expect(api.callsTo('GET /api-v3/admin/unverified-users-records/').length).toBe(2));
    expect(screen.queryByText(MSG.verificationAlreadyReviewed)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("opens the Verification Details, or says 'No verification details found'", async () => {
    list([200, [{ user_id: 5, full_name: 'Ada Lovelace', user_uniqueid: '11112222' }]]);
    api.on('GET /api-v3/admin/user-verifications/5/', [
      200,
      {
        full_name: 'Ada Lovelace',
        user_email: 'ada@example.com',
        user_uniqueid: '11112222',
        created_at: '2025-03-01T10:00:00.000Z',
        id_card_front_url: '/files/a.png?exp=1&sig=a',
        id_card_back_url: '/files/b.png?exp=1&sig=b',
        selfie_url: '/files/c.png?exp=1&sig=c',
        verification_status: 'pending',
      },
    ]);
    showPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verification Details' });
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    for (const label of ['Full Name', 'Email', 'ID', 'Submission Date'])
      expect(within(dialog).getByText(label)).toBeTruthy();
    const images = [...dialog.querySelectorAll('img')].map((img) => [img.alt, img.getAttribute('src')]);
    expect(images).toEqual([
      ['ID card front', '/files/a.png?exp=1&sig=a'],
      ['ID card back', '/files/b.png?exp=1&sig=b'],
      ['Selfie', '/files/c.png?exp=1&sig=c'],
    ]);
    cleanup();

    api.on('GET /api-v3/admin/user-verifications/5/', [404, { error: MSG.noVerificationDetails }]);
    showPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Details' }));
    expect(await screen.findByText(MSG.noVerificationDetails)).toBeTruthy();
  });
});
