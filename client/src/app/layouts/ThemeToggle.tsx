import { useI18n } from '../../i18n';
import { THEME_MODES, useTheme, type ThemeMode } from '../../lib/theme';

/** Outline icons drawn in currentColor: a sun, a moon, a half-filled circle (system). */
const ICONS: Record<ThemeMode, string> = {
  light:
    'M8 11a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm0 1a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM8 0a.5.5 0 0 1 .5.5v2a.5.5 0 0 1-1 0v-2A.5.5 0 0 1 8 0zm0 13a.5.5 0 0 1 .5.5v2a.5.5 0 0 1-1 0v-2A.5.5 0 0 1 8 13zm8-5a.5.5 0 0 1-.5.5h-2a.5.5 0 0 1 0-1h2a.5.5 0 0 1 .5.5zM3 8a.5.5 0 0 1-.5.5h-2a.5.5 0 0 1 0-1h2A.5.5 0 0 1 3 8z',
  dark: 'M6 .28a.77.77 0 0 1 .08.86 7.2 7.2 0 0 0-.88 3.46c0 4.02 3.28 7.27 7.31 7.27.53 0 1.04-.05 1.53-.16a.79.79 0 0 1 .81.32.73.73 0 0 1-.03.89A8.35 8.35 0 0 1 8.34 16C3.73 16 0 12.29 0 7.71 0 4.27 2.11 1.31 5.12.06A.75.75 0 0 1 6 .28z',
  system: 'M8 15A7 7 0 1 0 8 1v14zm0 1A8 8 0 1 1 8 0a8 8 0 0 1 0 16z',
};

/** One button that steps through light, dark and system; its label names the current mode. */
export default function ThemeToggle() {
  const { t } = useI18n();
  const { mode, setMode } = useTheme();
  const next = THEME_MODES[(THEME_MODES.indexOf(mode) + 1) % THEME_MODES.length];
  const label = t('site.theme', { mode: t(`site.theme.${mode}`) });
  return (
    <button
      type="button"
      className="btn btn-sm portico-header-btn"
      aria-label={label}
      title={label}
      data-theme-mode={mode}
      onClick={() => setMode(next)}
    >
      <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
        <path d={ICONS[mode]} />
      </svg>
    </button>
  );
}
