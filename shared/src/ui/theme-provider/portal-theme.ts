import { createTheme, type InputProps, type MantineColorsTuple, type MantineThemeComponent } from '@mantine/core';

/** The brand colour of the spec (loading bar, accents). */
export const BRAND_COLOR = '#E94935';

/** Ten shades around the brand colour; index 6 is the brand colour itself. */
export const BRAND_PALETTE: MantineColorsTuple = [
  '#fdedeb',
  '#fad6d1',
  '#f5ada3',
  '#f08273',
  '#ec5f4d',
  '#ea513e',
  '#e94935',
  '#cf3a27',
  '#b93220',
  '#a22615',
];

/** System font stack: no web font to download, native rendering on every platform. */
export const FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** The portal's one Mantine theme. */
export const portalTheme = createTheme({
  primaryColor: 'brand',
  // White text on #E94935 is 3.8:1, under WCAG AA's 4.5:1; shade 7 (#cf3a27) gives 4.9:1, so
  // filled surfaces use it while the brand colour stays in the palette for accents.
  primaryShade: { light: 7, dark: 8 },
  colors: { brand: BRAND_PALETTE },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // An invalid field's typed text would turn the error red too. The border and the linked message
    // already mark the error; the text the user typed stays in the text colour, where it reads best.
    // (Error and hint colours themselves are the CSS variables of PortalThemeProvider.)
    // A plain object, not `Input.extend(...)` (which only returns its argument): importing Input
    // here put the input components into the core entry every page downloads (decision 025).
    Input: {
      styles: (_theme: unknown, props: InputProps) => (props.error ? { input: { color: 'var(--mantine-color-text)' } } : {}),
    } satisfies MantineThemeComponent,
    // Mantine writes a dialog's title bar as <header>, which axe counts as a second banner landmark
    // beside the page's own; a div with the same classes looks the same and is no landmark.
    ModalHeader: { defaultProps: { component: 'div' } } satisfies MantineThemeComponent,
    DrawerHeader: { defaultProps: { component: 'div' } } satisfies MantineThemeComponent,
  },
});
