/** Screens of the support capability (loaded as one chunk). */
export { AdminChatPage } from './AdminChatPage';
export { ChatPage } from './ChatPage';
export { SupportPage } from './SupportPage';
