// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useOpenAtOnce } from './open-at-once';

function List() {
  const openAtOnce = useOpenAtOnce();
  const { pathname } = useLocation();
  return (
    <div onClickCapture={openAtOnce}>
      <p data-testid="at">{pathname}</p>
      <Link to="/orders/100001-1">100001-1</Link>
      <a href="/orders/100002-1" target="_blank" rel="noopener">
        100002-1
      </a>
    </div>
  );
}

function renderList() {
  const router = createMemoryRouter([{ path: '*', element: <List /> }], { initialEntries: ['/dashboard'] });
  render(<RouterProvider router={router} flushSync={(update) => void flushSync(update)} />);
  return router;
}

describe('useOpenAtOnce', () => {
  afterEach(cleanup);

  it('opens a plain left click on an in-app link itself, rendered before the click returns', () => {
    renderList();
    // Dispatched outside act(): a transition (the Link's own navigation) would not have rendered yet.
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByText('100001-1').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByTestId('at').textContent).toBe('/orders/100001-1');
  });

  it('leaves a click with a modifier, or on a link with a target, to the browser', () => {
    const router = renderList();
    expect(fireEvent.click(screen.getByText('100001-1'), { ctrlKey: true })).toBe(true);
    expect(router.state.location.pathname).toBe('/dashboard');
    // Whether the app left it to the browser, seen after React's handlers; then the test's page stays put.
    let leftToBrowser = false;
    const record = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', record);
    fireEvent.click(screen.getByText('100002-1'));
    window.removeEventListener('click', record);
    expect(leftToBrowser).toBe(true);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
