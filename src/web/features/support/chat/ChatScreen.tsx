/** The frame of both chat screens: a header, the scrolling messages, the composer pinned at the bottom. */
import type { ReactNode } from 'react';

export function ChatScreen({
  header,
  children,
  footer,
  className = 'h-dvh',
}: {
  header: ReactNode;
  children: ReactNode;
  footer: ReactNode;
  /** The frame's height: the whole screen, or a desk's pane. */
  className?: string;
}) {
  return (
    <div className={`flex flex-col ${className}`}>
      {header}
      {/* Focusable, so the keyboard can scroll a conversation that holds no control (axe scrollable-region-focusable). */}
      <main tabIndex={0} className="flex flex-1 flex-col overflow-y-auto px-3 py-4">
        {children}
      </main>
      {footer}
    </div>
  );
}

/** A line in the middle of the chat: the chat ended, a failure, nothing said yet. */
export function ChatNote({ tone = 'info', children }: { tone?: 'info' | 'error'; children: string }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'mx-auto my-2 max-w-[90%] rounded-xl bg-down/10 px-4 py-2 text-center text-sm text-down'
          : 'mx-auto my-2 max-w-[90%] rounded-xl bg-surface-2 px-4 py-2 text-center text-sm text-muted'
      }
    >
      {children}
    </p>
  );
}
