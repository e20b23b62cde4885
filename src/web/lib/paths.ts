/** Every page address in one typed map, so links and redirects never spell a path by hand. */
export const PATHS = {
  root: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  legalCurrency: '/legal-currency',
  importantNotice: '/important-notice',

  home: '/home',
  markets: '/markets',
  exchange: '/exchange',
  deposit: '/deposit',
  assets: '/assets',
  assetDetail: (walletType: string, currency: string) =>
    `/asset/${encodeURIComponent(walletType)}/${encodeURIComponent(currency)}`,
  transfer: (currency: string) => `/transfer/${encodeURIComponent(currency)}`,
  withdrawal: (currency: string) => `/withdrawal/${encodeURIComponent(currency)}`,
  lever: '/lever',
  identityVerification: '/identity-verification',
  basicInfo: '/identity-verification/basic-info',
  safetyCenter: '/safety-center',
  entrustmentHistory: '/entrustment-history',
  loginPassword: '/safety/login-password',
  transactionPassword: '/safety/transaction-password',
  aboutUs: '/about-us',
  lockUp: '/lock-up',
  support: '/support',
  sharingLink: '/sharing-link',
  chat: (sessionId: string | number) => `/chat/${encodeURIComponent(String(sessionId))}`,

  adminDashboard: '/admin/dashboard',
  adminChat: (userId: string | number) => `/admin/chat/${encodeURIComponent(String(userId))}`,
} as const;
