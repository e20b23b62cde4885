/** The registration link a sharing QR encodes: the signup page with the referrer's promotion code. */
export const registrationLink = (origin: string, code: string) =>
  `${origin.replace(/\/+$/, '')}/signup?code=${encodeURIComponent(code)}`;
