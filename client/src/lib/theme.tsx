import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** The visitor's choice; "system" follows prefers-color-scheme (CSS decides, see vite.config). */
export type ThemeMode = 'light' | 'dark' | 'system';
export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'system'];
/** Remembers an explicit choice (light or dark); absent means "system". The server reads it. */
export const THEME_COOKIE = 'theme';

export const isThemeMode = (value: unknown): value is ThemeMode =>
  value === 'light' || value === 'dark' || value === 'system';

/** The mode a `theme` cookie value names: only light and dark are stored, anything else is system. */
export const themeOr = (value: string | undefined | null): ThemeMode =>
  value === 'light' || value === 'dark' ? value : 'system';

/** Bootstrap's `data-bs-theme` on <html>: set for an explicit choice, absent for system. */
export function applyTheme(mode: ThemeMode): void {
  if (mode === 'system') document.documentElement.removeAttribute('data-bs-theme');
  else document.documentElement.setAttribute('data-bs-theme', mode);
}

interface ThemeState {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
}

const ThemeContext = createContext<ThemeState>({ mode: 'system', setMode: () => {} });

/** Holds the theme; choosing one writes the cookie (or drops it for system) and <html>'s attribute. */
export function ThemeProvider({ initial, children }: { initial: ThemeMode; children: ReactNode }) {
  const [mode, setState] = useState(initial);
  const setMode = useCallback((next: ThemeMode) => {
    document.cookie =
      next === 'system'
        ? `${THEME_COOKIE}=; path=/; max-age=0; samesite=lax`
        : `${THEME_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    applyTheme(next);
    setState(next);
  }, []);
  const value = useMemo(() => ({ mode, setMode }), [mode, setMode]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export const useTheme = () => useContext(ThemeContext);
