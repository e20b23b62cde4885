/** Links that look like the app's buttons (a link navigates; a button acts). */
const LINK_BUTTON =
  'inline-flex h-12 flex-1 items-center justify-center gap-2 rounded-xl px-4 text-[15px] font-semibold transition-colors';
export const LINK_PRIMARY = `${LINK_BUTTON} bg-primary text-white hover:bg-primary-hover`;
export const LINK_SECONDARY = `${LINK_BUTTON} bg-surface-2 text-ink hover:bg-line`;
