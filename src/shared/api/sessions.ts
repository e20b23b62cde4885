/** Sign-in sessions and devices (docs/security.md "Sessions and devices"): shared by the server and the Safety Center. */
import { z } from 'zod';
import { SESSIONS_MSG } from '../messages.js';

export { SESSIONS_MSG };

export const sessionInfo = z.object({
  session_id: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
  /** "Chrome on Android", from the user agent at sign-in. */
  device: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const sessionList = z.array(sessionInfo);

export const sessionIdParams = z.object({ session_id: z.string().max(64, { error: 'Session not found' }) });

export const revokeOthersResponse = z.object({ message: z.string(), ended: z.number().int() });
export type RevokeOthersResponse = z.infer<typeof revokeOthersResponse>;

/** The new-device mail (modules/auth/sessions.ts): time, device, IP and what to do if it wasn't you. */
export function newDeviceMailText(details: { time: string; device: string; ip: string }): string {
  return [
    'Your Coinfront account was just signed in to from a device or address it has not used before.',
    '',
    `Time: ${details.time}`,
    `Device: ${details.device}`,
    `IP address: ${details.ip}`,
    '',
    'If this was you, there is nothing to do.',
    '',
    "If this wasn't you:",
    '1. Change your password now (Safety Center > Login password). This signs out every session.',
    '2. Sign out the session in the Safety Center (Sessions and devices).',
    '3. Contact support (Online service) so we can help you secure your account.',
  ].join('\n');
}
