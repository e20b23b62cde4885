/**
 * Tailwind 3 for the web app. Colours are CSS variables (src/web/styles.css) so one class such as
 * `bg-surface` serves both themes; `dark` on <html> switches them. The blue, green and red have a
 * text colour (text-primary, border-primary, ...) and a fill for backgrounds that carry white text
 * (bg-primary, bg-up, bg-down and their tints): one colour cannot read at WCAG AA both as text on
 * the dark surfaces and under white text.
 */
import { fileURLToPath } from 'node:url';
import type { Config } from 'tailwindcss';

const channel = (name: string) => `rgb(var(--${name}) / <alpha-value>)`;

export default {
  content: [fileURLToPath(new URL('./src/web/**/*.{html,ts,tsx}', import.meta.url))],
  darkMode: 'class',
  theme: {
    extend: {
      colors: {
        bg: channel('bg'),
        backdrop: channel('backdrop'),
        surface: channel('surface'),
        'surface-2': channel('surface-2'),
        line: channel('line'),
        ink: channel('ink'),
        muted: channel('muted'),
        primary: { DEFAULT: channel('primary'), hover: channel('primary-hover') },
        field: channel('field'),
        'field-line': channel('field-line'),
        up: channel('up'),
        down: channel('down'),
        warn: '#F0B90B',
      },
      backgroundColor: {
        primary: { DEFAULT: channel('primary-fill'), hover: channel('primary-hover') },
        up: channel('up-fill'),
        down: channel('down-fill'),
      },
      fontFamily: {
        sans: ['Inter', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
      },
      maxWidth: { app: '480px' },
      minHeight: { touch: '44px' },
      minWidth: { touch: '44px' },
      // `w-touch` is used by icon buttons across the app: without it they were narrower than WCAG 2.2's 24 px.
      width: { touch: '44px' },
      height: { touch: '44px', field: '48px' },
      boxShadow: { sheet: '0 -8px 32px rgb(0 0 0 / 0.25)', card: '0 1px 2px rgb(0 0 0 / 0.06)' },
      keyframes: {
        'slide-up': { from: { transform: 'translateY(100%)' }, to: { transform: 'translateY(0)' } },
        'slide-in-left': { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
        'fade-in': { from: { opacity: '0' }, to: { opacity: '1' } },
      },
      animation: {
        'slide-up': 'slide-up 200ms ease-out',
        'slide-in-left': 'slide-in-left 200ms ease-out',
        'fade-in': 'fade-in 150ms ease-out',
      },
    },
  },
  plugins: [],
} satisfies Config;
