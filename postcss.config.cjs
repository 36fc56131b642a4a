/** Mantine's PostCSS preset: rem()/em() helpers, light/dark and breakpoint mixins for web/ CSS files. */
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
