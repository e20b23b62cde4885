/** Screens of the support capability (loaded as one chunk), and the staff dashboard's Chats tab. */
export { ActiveChatsPanel } from './ActiveChatsPanel';
export { AdminChatPage, AdminConversation, deskChatPath } from './AdminChatPage';
export { ChatPage } from './ChatPage';
export { SupportPage } from './SupportPage';
