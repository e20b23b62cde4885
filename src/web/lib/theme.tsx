/**
 * Light and dark themes: the user's choice is kept in local storage; without one the OS decides.
 * The `dark` class on <html> switches the colour variables of styles.css.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS, readItem, writeItem } from './storage';

export type Theme = 'light' | 'dark';

const THEME_COLOR: Record<Theme, string> = { light: '#F5F6F8', dark: '#0B0E11' };

export function preferredTheme(): Theme {
  const stored = readItem(STORAGE_KEYS.theme);
  if (stored === 'light' || stored === 'dark') return stored;
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
}

interface ThemeState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  // main.tsx applied it before the first paint; this only remembers it.
  const [theme, setThemeState] = useState<Theme>(preferredTheme);

  const setTheme = useCallback((next: Theme) => {
    writeItem(STORAGE_KEYS.theme, next);
    applyTheme(next);
    setThemeState(next);
  }, []);

  const value = useMemo(
    () => ({ theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') }),
    [theme, setTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme needs a ThemeProvider');
  return state;
}
