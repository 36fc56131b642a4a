import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

describe('theme', () => {
  it('darkens dimmed and error text in the light scheme, for AA contrast', () => {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    expect(merged.primaryColor).toBe('slateBlue');
    expect(cssVariablesResolver(merged).light).toEqual({
      '--mantine-color-dimmed': '#5f6670',
      '--mantine-color-error': '#c92a2a',
    });
  });
});
