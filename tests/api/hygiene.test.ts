/**
 * Hygiene (docs/security.md "Hygiene"): what reaches the logs. No mail subject or body
 * (they carry codes), and no signed file URL's query (its signature is a permission).
 */
import { createHmac } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/lib/mail.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { png } from '../helpers/images.js';
import { captureLog, type CapturedLog } from '../helpers/log.js';
import { fetchFile, postForm } from '../helpers/multipart.js';
import { call, signUp } from '../helpers/users.js';

describe('the dev outbox', () => {
  it('logs who a mail went to and where it is, never its subject or body', async () => {
    const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'coinfront-outbox-'));
    const lines: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Coinfront <a@b.c>',
      outboxDir,
      log: (l) => lines.push(l),
    });
    await mailer.send({
      to: 'ada@example.com',
      subject: '481516 is your code',
      text: 'Your code is 481516. Secret body.',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('ada@example.com');
    const [file] = readdirSync(outboxDir);
    expect(lines[0]).toContain(path.join(outboxDir, file!));
    expect(lines[0]).not.toMatch(/481516|your code|Secret body/);
    // The mail itself is whole in the outbox, where a developer reads it.
    expect(readFileSync(path.join(outboxDir, file!), 'utf8')).toContain('Your code is 481516');
  });

  // It holds sign-up and password-reset codes: nobody but the server's own user may read it.
  it('is private: the folder 0700 (also one made before with looser modes) and each mail 0600', async () => {
    const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'coinfront-outbox-'));
    chmodSync(outboxDir, 0o755);
    const mailer = createMailer({ smtpUrl: undefined, from: 'Coinfront <a@b.c>', outboxDir, log: () => {} });
    await mailer.send({ to: 'ada@example.com', subject: 'Reset code', text: 'Your code is 271828.' });
    expect(statSync(outboxDir).mode & 0o777).toBe(0o700);
    const [file] = readdirSync(outboxDir);
    expect(statSync(path.join(outboxDir, file!)).mode & 0o777).toBe(0o600);
  });
});

describe('request logs', () => {
  let t: TestApp;
  let log: CapturedLog;
  beforeAll(async () => {
    log = captureLog('info');
    t = await createTestApp({ log: log.logger, env: { LOG_LEVEL: 'info' } });
  });
  afterAll(() => t.close());

  it('name a signed file URL without its query', async () => {
    const user = await signUp(t);
    const session = (await call(t, 'POST', '/api-v2/chats/', { token: user.token })).body.session_id;
    const sent = await postForm(
      t,
      '/api-v2/messages/',
      { session_id: session, image: { data: png(4, 4) } },
      {
        token: user.token,
      },
    );
    const url = sent.body.image_url as string;
    const signature = new URL(url, 'http://x').searchParams.get('sig')!;
    expect(signature).toBeTruthy();
    expect((await fetchFile(t, url)).status).toBe(200);

    const fileLines = log.lines.filter((line) =>
      (line.req as { url?: string } | undefined)?.url?.startsWith('/files/'),
    );
    expect(fileLines.length).toBeGreaterThan(0);
    for (const line of fileLines) expect((line.req as { url: string }).url).toBe(url.split('?')[0]);
    expect(JSON.stringify(log.lines)).not.toContain(signature);
    // Other requests keep their query (useful, and no permission).
    await call(t, 'GET', '/api-v1/transcations-history/?page=1', { token: user.token });
    expect(
      log.lines.some(
        (line) => (line.req as { url?: string } | undefined)?.url === '/api-v1/transcations-history/?page=1',
      ),
    ).toBe(true);
  });

  // A log reader could replay a signed request within recvWindow, or follow a bot's account on its listenKey.
  it('keep no signature of the private API and no listenKey, in a query or a path', async () => {
    const user = await signUp(t);
    await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} });
    const created = await call<{ api_key: string; secret: string }>(t, 'POST', '/api-v1/api-keys/', {
      token: user.token,
      body: { label: 'bot', permissions: ['read'], code: t.mailbox.lastCode(user.email) },
    });
    expect(created.status).toBe(201);
    const { api_key: apiKey, secret } = created.body;
    const query = new URLSearchParams({ timestamp: String(Date.now()) }).toString();
    const signature = createHmac('sha256', secret).update(query).digest('hex');
    const account = await call(t, 'GET', `/api/v3/account?${query}&signature=${signature}`, {
      headers: { 'x-mbx-apikey': apiKey },
    });
    expect(account.status).toBe(200);
    const stream = await call<{ listenKey: string }>(t, 'POST', '/api/v3/userDataStream', {
      headers: { 'x-mbx-apikey': apiKey },
    });
    const { listenKey } = stream.body;
    expect(listenKey).toMatch(/^[A-Za-z0-9]{60}$/);
    await call(t, 'PUT', `/api/v3/userDataStream?listenKey=${listenKey}`, { headers: { 'x-mbx-apikey': apiKey } });
    await call(t, 'GET', `/ws/${listenKey}`);
    await call(t, 'GET', `/stream?streams=${listenKey}/btcusdt@ticker`);

    const urls = log.lines.map((line) => (line.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toEqual(expect.arrayContaining(['/api/v3/account', '/api/v3/userDataStream', '/ws/<listenKey>']));
    const written = JSON.stringify(log.lines);
    expect(written).not.toContain(signature);
    expect(written).not.toContain(listenKey);
  });
});
