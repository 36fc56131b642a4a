/** The back office's Mantine theme: calm blue-grey, compact controls for dense screens. */
import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

const slateBlue: MantineColorsTuple = [
  '#eef3fb',
  '#dbe3f1',
  '#b4c5e3',
  '#8aa5d5',
  '#678ac9',
  '#5179c2',
  '#4571c0',
  '#365fa9',
  '#2d5498',
  '#1f4887',
];

export const theme = createTheme({
  primaryColor: 'slateBlue',
  primaryShade: { light: 7, dark: 5 },
  colors: { slateBlue },
  defaultRadius: 'sm',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: { fontWeight: '600', sizes: { h1: { fontSize: '1.5rem', lineHeight: '1.3' } } },
  fontSizes: { xs: '0.75rem', sm: '0.8125rem', md: '0.875rem', lg: '1rem', xl: '1.125rem' },
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
    Select: { defaultProps: { size: 'sm' } },
    // Mantine 9 keeps every closed dropdown mounted (hidden, in a portal, with all its options) and positions
    // it on mount: a forced style and layout per Select or MultiSelect as a screen first renders, and scroll
    // listeners for as long as it is shown. Mounted on opening, as in Mantine 8, a screen renders without them.
    Combobox: { defaultProps: { keepMounted: false } },
    Table: { defaultProps: { verticalSpacing: 'xs', highlightOnHover: true } },
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
    // Mantine's hidden focus placeholder is a focusable role="presentation" child of role="menu", which
    // axe reports as a critical violation; the menu still takes focus and arrow keys without it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/** Dimmed and error text dark enough for WCAG AA (4.5:1) on white and the grey page background. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f6670', '--mantine-color-error': '#c92a2a' },
  dark: {},
});
