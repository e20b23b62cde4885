/** Screens of the account-access capability: log in, sign up, forgot password. */
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { LoginPage } from './LoginPage';
export { SignupPage } from './SignupPage';
