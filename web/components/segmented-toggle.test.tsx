// @vitest-environment happy-dom
import { MantineProvider, SegmentedControl } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SegmentedToggle } from './segmented-toggle';

const DATA = [
  { value: 'inbox', label: 'Inbox' },
  { value: 'other', label: 'Other' },
] as const;

function Toggle({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState<'inbox' | 'other'>('inbox');
  return (
    <SegmentedToggle
      label="Conversations to show"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      data={DATA}
    />
  );
}

describe('SegmentedToggle', () => {
  afterEach(cleanup);

  it("is a named radio group with Mantine's SegmentedControl classes, the chosen one marked active", () => {
    render(
      <MantineProvider>
        <Toggle onChange={() => {}} />
      </MantineProvider>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Conversations to show' });
    expect(group.classList.contains(SegmentedControl.classes.root)).toBe(true);
    const inbox = screen.getByRole('radio', { name: 'Inbox' }) as HTMLInputElement;
    const other = screen.getByRole('radio', { name: 'Other' }) as HTMLInputElement;
    expect(inbox.checked).toBe(true);
    expect(other.checked).toBe(false);
    expect(inbox.name).toBe(other.name);
    const label = screen.getByText('Inbox').closest('label');
    expect(label?.classList.contains(SegmentedControl.classes.label)).toBe(true);
    expect(label?.hasAttribute('data-active')).toBe(true);
    expect(screen.getByText('Other').closest('label')?.hasAttribute('data-active')).toBe(false);
  });

  it('a click on a label chooses it and says so once', () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <Toggle onChange={onChange} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('other');
    expect((screen.getByRole('radio', { name: 'Other' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Other').closest('label')?.hasAttribute('data-active')).toBe(true);
    expect(screen.getByText('Inbox').closest('label')?.hasAttribute('data-active')).toBe(false);
  });
});
