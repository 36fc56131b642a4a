/**
 * A link of the left navigation: Mantine's NavLink markup and classes (it looks the same) on the router's
 * `Link`, without NavLink's components (UnstyledButton and a Box for each section, the body, the label and
 * the description: ~10 a link, and the navigation has nine on every screen; docs/performance.md). The link
 * for the current screen has `aria-current="page"`, which NavLink's stylesheet styles as active. Links that
 * open a group (the work queues) keep Mantine's NavLink, for its collapse.
 */
import { NavLink, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import classes from './shell.module.css';

interface NavItemProps {
  to: string;
  label: string;
  icon: ReactNode;
  /** After the label, e.g. a count. */
  rightSection?: ReactNode;
  /** Active only on `to` itself, not on the paths under it. */
  exact?: boolean;
}

const ROOT = `mantine-focus-auto ${UnstyledButton.classes.root} ${NavLink.classes.root} ${classes.navLink}`;

export function NavItem({ to, label, icon, rightSection, exact = false }: NavItemProps) {
  const { pathname } = useLocation();
  const active = exact ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
  return (
    <Link to={to} className={ROOT} aria-current={active ? 'page' : undefined}>
      {icon && (
        <span className={NavLink.classes.section} data-position="left">
          {icon}
        </span>
      )}
      <div className={NavLink.classes.body}>
        <span className={NavLink.classes.label}>{label}</span>
      </div>
      {rightSection != null && (
        <span className={NavLink.classes.section} data-position="right">
          {rightSection}
        </span>
      )}
    </Link>
  );
}
