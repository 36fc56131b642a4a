// @vitest-environment happy-dom
import { Checkbox, MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TickBox } from './tick-box';

function Row() {
  const [ticked, setTicked] = useState(false);
  return (
    <MantineProvider>
      <TickBox label="Tick 1000-1" checked={ticked} onChange={() => setTicked((t) => !t)} />
    </MantineProvider>
  );
}

describe('TickBox', () => {
  afterEach(cleanup);

  it("is a named check box that ticks and unticks, styled with Mantine's Checkbox classes", () => {
    render(<Row />);
    const box = screen.getByRole('checkbox', { name: 'Tick 1000-1' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    act(() => fireEvent.click(box));
    expect(box.checked).toBe(true);
    act(() => fireEvent.click(box));
    expect(box.checked).toBe(false);
    // The same look as the Checkbox beside it in the heading: its input, tick and frame classes.
    expect(box.classList.contains(Checkbox.classes.input)).toBe(true);
    expect(box.nextElementSibling?.classList.contains(Checkbox.classes.icon)).toBe(true);
    expect(box.parentElement?.classList.contains(Checkbox.classes.inner)).toBe(true);
  });
});
