// @vitest-environment happy-dom
import { MantineProvider, NavLink } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NavItem } from './nav-item';

function renderAt(path: string) {
  const nav = (
    <nav>
      <NavItem to="/dashboard" label="Dashboard" icon={<svg data-testid="icon" />} />
      <NavItem to="/orders" label="Orders" icon={null} />
      <NavItem to="/escalations" label="Escalations" icon={null} rightSection={<b>3</b>} exact />
    </nav>
  );
  const router = createMemoryRouter([{ path: '*', element: nav }], { initialEntries: [path] });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('NavItem', () => {
  afterEach(cleanup);

  it("is a link with Mantine's NavLink classes, current on its path and the paths under it", () => {
    renderAt('/orders/1000-1');
    const orders = screen.getByRole('link', { name: 'Orders' });
    expect(orders.getAttribute('href')).toBe('/orders');
    expect(orders.getAttribute('aria-current')).toBe('page');
    expect(orders.classList.contains(NavLink.classes.root)).toBe(true);
    expect(orders.querySelector(`.${NavLink.classes.label}`)?.textContent).toBe('Orders');
    const dashboard = screen.getByRole('link', { name: 'Dashboard' });
    expect(dashboard.hasAttribute('aria-current')).toBe(false);
    expect(dashboard.querySelector(`.${NavLink.classes.section}[data-position="left"]`)).not.toBeNull();
  });

  it('with `exact`, is current on its own path only; the right section follows the label', () => {
    const router = renderAt('/escalations/old');
    const desk = screen.getByRole('link', { name: 'Escalations 3' });
    expect(desk.hasAttribute('aria-current')).toBe(false);
    expect(desk.querySelector('[data-position="right"]')?.textContent).toBe('3');
    fireEvent.click(desk);
    expect(router.state.location.pathname).toBe('/escalations');
    expect(screen.getByRole('link', { name: 'Escalations 3' }).getAttribute('aria-current')).toBe('page');
  });
});
