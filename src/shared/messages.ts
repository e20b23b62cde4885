/** User-facing texts quoted from docs/product.md (sections 2, 4, 5, 8). One source for server and web. */
import { PROFILE_NAME_MAX } from './constants.js';
import { defineMessages, msg, type Message } from './message.js';

export const MSG = defineMessages('app', {
  networkError: 'Network error. Please try again.',
  // auth
  loginFailed: 'Invalid email or password',
  sendOtpFailed: 'Failed to send OTP',
  signupFailed: 'Signup failed',
  forgotFailed: 'Failed to process request. Please try again.',
  resetFailed: 'Failed to reset password. Please try again.',
  enterEmail: 'Please enter your email address',
  enterOtpAndPassword: 'Please enter both OTP and new password',
  passwordsDoNotMatch: 'Passwords do not match',
  enterOtp: 'Please enter OTP',
  otpSent: 'OTP sent successfully!',
  otpSentLabel: 'OTP Sent',
  passwordUpdated: 'Password updated successfully!',
  updatePasswordFailed: 'Failed to update password',
  setTransactionPasswordFailed: 'Failed to set transaction password',
  transactionPasswordLength: 'Password length must be 6-16 bits',
  transactionPasswordHint: 'password length is 6-16 bits',
  fetchUserFailed: 'Failed to fetch user information',
  // money
  depositSent: 'Your deposit request has been sent for approval. We will process it shortly.',
  depositFailed: 'Failed to process recharge',
  transferFailed: 'Transfer failed',
  amountExceedsBalance: 'Amount exceeds available balance',
  transferExceedsBalance: 'Transfer amount exceeds available balance',
  enterValidAddress: 'Please enter a valid address',
  enterValidAmount: 'Please enter a valid amount',
  enterTransactionPassword: 'Please enter your transaction password',
  withdrawalExceedsBalance: 'Withdrawal amount exceeds available balance',
  withdrawalFailed: 'Withdrawal failed. Please try again.',
  fetchBalanceFailed: 'Error fetching balance',
  invalidWalletType: 'Invalid wallet type',
  assetNotFound: 'Asset not found',
  noAssetData: 'No asset data found',
  noAssets: 'No assets found',
  fetchTransactionHistoryFailed: 'Failed to fetch transaction history',
  fetchTradeHistoryFailed: 'Failed to fetch trade history',
  noRecord: 'no record',
  // admin
  fetchPendingFailed: 'Failed to fetch pending transactions',
  fetchUnverifiedFailed: 'Failed to fetch unverified users',
  verifyTransactionFailed: 'Failed to verify transaction',
  verifyUserFailed: 'Failed to verify user',
  noPendingTransactions: 'No pending transactions',
  noUnverifiedUsers: 'No unverified users',
  noActiveChats: 'No active chats',
  noVerificationDetails: 'No verification details found',
  // identity
  verificationSubmitted: 'Verification submitted successfully!',
  verificationSubmitFailed: 'Verification submission failed. Please try again.',
  verificationNetworkError: 'Network error. Please check your connection and try again.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  verificationFailed: 'Verification failed. Please try again.',
  fetchVerificationFailed: 'Failed to fetch verification status',
  fullNameRequired: 'Full name is required',
  idNumberRequired: 'ID number is required',
  idCardFrontRequired: 'ID card front image is required',
  idCardBackRequired: 'ID card back image is required',
  selfieRequired: 'Photo holding your ID is required',
  verificationUnderReview: 'Your verification is under review. Please wait for the result.',
  alreadyVerified: 'Your identity is already verified',
  noVerificationSubmitted: 'No verification submitted yet',
  verificationAlreadyReviewed: 'This verification has already been reviewed',
  /** Staff never review their own submission (docs/security.md "Hygiene"). */
  cannotReviewOwnIdentity: 'You cannot review your own identity verification. Another staff member must do it.',
  userVerified: 'User verified successfully',
  userRejected: 'User verification rejected',
  // chat and support
  sendMessageFailed: 'Failed to send message',
  searchAnswerFailed: 'Failed to search for answer',
  noAnswer: "Sorry, I couldn't find an answer to that question.",
  fileTooLarge: 'File size should not exceed 5MB',
  chatNotFound: 'Chat session not found',
  chatEnded: 'This chat has ended. Please start a new chat from Support.',
  chatClosed: 'Chat ended',
  emptyMessage: 'Please enter a message or attach an image',
  questionRequired: 'Please enter a question',
  // uploads
  notAnImage: 'Only JPEG, PNG, WebP or GIF images are allowed',
  imageDimensionsTooLarge: 'The image is too large: at most 25 megapixels (e.g. 5000 x 5000)',
  tooManyFiles: 'Too many files in one request',
  tooManyFields: 'Too many fields in one request',
  notMultipart: 'Send the form as multipart/form-data',
  malformedForm: 'The form could not be read',
  fieldTooLong: 'This field is too long',
  fileLinkInvalid: 'This link is invalid or has expired',
  fileNotFound: 'File not found',
  oneFilePerField: 'Send one file per field',
  invalidFileName: 'The file name is not valid',
  copied: 'Copied!',
  promotionCodeCopied: 'Promotion code copied!',
  // markets
  loadingCoins: 'Loading coins...',
} as const);

/** 'Minimum withdrawal value is 50 USDT ({equivalent} {currency})' */
export const minWithdrawalMessage = (equivalent: string, currency: string) =>
  `Minimum withdrawal value is 50 USDT (${equivalent} ${currency})`;

/** 'Insufficient balance. Minimum withdrawal value is 50 USDT (...)' */
export const insufficientForMinWithdrawalMessage = (equivalent: string, currency: string) =>
  `Insufficient balance. ${minWithdrawalMessage(equivalent, currency)}`;

/** A form carried a file in a field that takes none. */
const unexpectedFileMessage = (field: string) => `Unexpected file in field ${field}`;

/** The two texts above as tables of their own, so each has a code (message.ts `msg`). */
export const WITHDRAWAL_LIMITS_MSG = defineMessages('withdrawalLimits', {
  minWithdrawal: minWithdrawalMessage,
  insufficientForMinWithdrawal: insufficientForMinWithdrawalMessage,
});
export const UPLOADS_MSG = defineMessages('uploads', { unexpectedFile: unexpectedFileMessage });

/** Sessions and devices (docs/security.md): texts of the server and the Safety Center screen. */
export const SESSIONS_MSG = defineMessages('sessions', {
  notFound: 'Session not found',
  ended: 'The session has been signed out',
  othersEnded: 'All other sessions have been signed out',
  loggedOut: 'Logged out',
  title: 'Sessions and devices',
  intro: 'Devices signed in to your account. Sign out any you do not recognise, then change your password.',
  thisDevice: 'This device',
  signOut: 'Sign out',
  signOutOthers: 'Sign out all other sessions',
  noOthers: 'No other sessions are signed in.',
  loadFailed: 'Failed to load sessions',
  signedIn: 'Signed in',
  lastSeen: 'Last active',
  newDeviceSubject: 'New sign-in to your Coinfront account',
  /** A device as a session lists it (modules/auth/sessions.ts), shown through message() in any language. */
  deviceOn: (browser: string, system: string) => `${browser} on ${system}`,
  unknownDevice: 'Unknown device',
} as const);

/**
 * A session's `device` to show (docs/decisions/0076-error-codes.md): "Chrome on Android" is `deviceOn`
 * made of a browser and a system (names, never translated, without " on " in them); anything else is
 * a product token or `unknownDevice`, a plain text, and goes as it is.
 */
export function deviceMessage(device: string): Message | string {
  const cut = device.lastIndexOf(' on ');
  return cut > 0 ? msg(SESSIONS_MSG, 'deviceOn', device.slice(0, cut), device.slice(cut + ' on '.length)) : device;
}

/** The profile (docs/architecture.md "## Profile"): texts of the server and the profile screen. */
export const PROFILE_MSG = defineMessages('profile', {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameTooLong: `First name must be at most ${PROFILE_NAME_MAX} characters`,
  lastNameTooLong: `Last name must be at most ${PROFILE_NAME_MAX} characters`,
  firstNameCharacters: 'First name may contain only letters, spaces, hyphens and apostrophes',
  lastNameCharacters: 'Last name may contain only letters, spaces, hyphens and apostrophes',
  /** A body with any other key (email, balance...) is refused, so the client learns it is not writable. */
  onlyNames: (keys: readonly string[]) =>
    `Only first_name and last_name can be changed (not ${keys.map((k) => JSON.stringify(k)).join(', ')})`,
  bodyNotObject: 'Send first_name and last_name as a JSON object',
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile',
  fetchFailed: 'Failed to fetch profile',
} as const);

/** GET /metrics refusals (docs/decisions/0038-operations.md); for operators, not shown in the app. */
export const METRICS_MSG = defineMessages('metrics', {
  tokenRequired: 'Metrics need Authorization: Bearer <METRICS_TOKEN>',
  loopbackOnly: 'Metrics are served to this machine only; set METRICS_TOKEN to scrape them from elsewhere',
  workersUnavailable: "The workers' metrics could not be gathered just now; scrape again",
} as const);
