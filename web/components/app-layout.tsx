/** The app shell around every signed-in screen: header, left navigation, banners and shortcuts. */
import {
  AppShell,
  Box,
  Burger,
  Group,
  Kbd,
  NavLink,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBook2,
  IconChartBar,
  IconHistory,
  IconInbox,
  IconLayoutDashboard,
  IconListDetails,
  IconMailForward,
  IconMessages,
  IconSearch,
  IconTemplate,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link, matchPath, Outlet, useLocation } from 'react-router';
import { orderersQuery } from '../api/queries';
import { useConnectionLost } from '../lib/connection';
import { useLiveUpdates } from '../lib/live';
import { paths, ROUTES } from '../paths';
import { isAdmin, useCurrentUser } from './auth';
import { Clock } from './clock';
import { CONNECTION_BANNER_HEIGHT, ConnectionBanner } from './connection-banner';
import { useKeyboard } from './keyboard-shell';
import { NavItem } from './nav-item';
import { NotificationBanners } from './notification-banner';
import { NotificationsBell } from './notifications-bell';
import { PRODUCT_NAME } from './page-title';
import { QuickSearch } from './quick-search';
import { SavedViewsNav } from './saved-views-nav';
import classes from './shell.module.css';
import { UserMenu } from './user-menu';

const HEADER_HEIGHT = 56;
const iconProps = { size: 18, stroke: 1.6, 'aria-hidden': true } as const;

function WorkQueuesNav() {
  const { pathname } = useLocation();
  const inQueues = matchPath(ROUTES.workQueue, pathname) !== null;
  const [opened, setOpened] = useState(inQueues);
  const { data, isPending, isError } = useQuery({ ...orderersQuery, enabled: opened });
  useEffect(() => {
    if (inQueues) setOpened(true);
  }, [inQueues]);

  return (
    <NavLink
      component="button"
      type="button"
      aria-expanded={opened}
      label="Work queues"
      leftSection={<IconUsersGroup {...iconProps} />}
      opened={opened}
      onChange={setOpened}
      active={inQueues && !opened}
      className={classes.navLink}
      childrenOffset={30}
    >
      {isPending ? (
        <Stack gap={6} py={6} pr="sm">
          <Skeleton h={12} w="70%" />
          <Skeleton h={12} w="55%" />
        </Stack>
      ) : isError ? (
        <Text size="xs" c="red.8" py={6}>
          Orderers could not be loaded.
        </Text>
      ) : data.orderers.length === 0 ? (
        <Text size="xs" c="dimmed" py={6}>
          No orderers yet.
        </Text>
      ) : (
        data.orderers.map((o) => (
          <NavItem key={o.id} to={paths.workQueue(o.id)} label={o.name} icon={null} exact />
        ))
      )}
    </NavLink>
  );
}

function Navigation() {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  return (
    <>
      {/* The browser's own scrolling: Mantine's ScrollArea drew custom bars with ~8 KB of script in every page's
          first download (the initial JS budget, docs/performance.md). */}
      <AppShell.Section grow px="xs" py="sm" className="nav-scroll">
        <Stack gap={2}>
          <NavItem to={paths.dashboard} label="Dashboard" icon={<IconLayoutDashboard {...iconProps} />} />
          <NavItem to={paths.myQueue} label="My queue" icon={<IconInbox {...iconProps} />} />
          <NavItem to={paths.inbox()} label="Conversations" icon={<IconMessages {...iconProps} />} />
          <NavItem to={paths.items} label="Team list" icon={<IconListDetails {...iconProps} />} />
          <WorkQueuesNav />
          <NavItem to={paths.search()} label="Search" icon={<IconSearch {...iconProps} />} />
          {admin && (
            <NavItem to={paths.salesReport} label="Sales report" icon={<IconChartBar {...iconProps} />} />
          )}
        </Stack>
        <SavedViewsNav />
        {admin && (
          <>
            <Text className={classes.navSectionLabel} id="nav-admin-heading">
              Admin
            </Text>
            <Stack gap={2} role="group" aria-labelledby="nav-admin-heading">
              <NavItem to={paths.admin} label="Reference content" icon={<IconBook2 {...iconProps} />} />
              <NavItem to={paths.users} label="Users" icon={<IconUsers {...iconProps} />} />
              <NavItem to={paths.outbox} label="Outbox" icon={<IconMailForward {...iconProps} />} />
              <NavItem
                to={paths.emailTemplates}
                label="E-mail templates"
                icon={<IconTemplate {...iconProps} />}
              />
              <NavItem to={paths.webhooks()} label="Webhooks" icon={<IconWebhook {...iconProps} />} />
              <NavItem to={paths.auditLog} label="Audit log" icon={<IconHistory {...iconProps} />} />
            </Stack>
          </>
        )}
      </AppShell.Section>
      <AppShell.Section px="md" py="sm" className={classes.navFooter}>
        <Text size="xs" c="dimmed">
          Press <Kbd size="xs">?</Kbd> for keyboard shortcuts
        </Text>
      </AppShell.Section>
    </>
  );
}

/**
 * A screen's place while its code loads: on a fresh page load the router shows it until the screen's route
 * module is there (web/app.tsx), and the shell shows it if a part of a screen suspends without a fallback of
 * its own.
 */
export function ScreenLoading() {
  return (
    <Stack gap="md" role="status" aria-busy="true">
      <VisuallyHidden>Loading…</VisuallyHidden>
      <Skeleton h={28} w={240} />
      <Skeleton h={16} w={380} />
      <Skeleton h={220} />
    </Stack>
  );
}

export function AppLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const { openHelp } = useKeyboard();
  useLiveUpdates();
  const connectionLost = useConnectionLost();

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT + (connectionLost ? CONNECTION_BANNER_HEIGHT : 0) }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="lg"
      className={classes.shell}
    >
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header className={classes.header}>
        <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Link to={paths.dashboard} className={classes.brand} aria-label={`${PRODUCT_NAME}, dashboard`}>
              <span className={classes.brandMark} aria-hidden>
                UK
              </span>
              <Text span fw={600} size="md" visibleFrom="xs">
                {PRODUCT_NAME}
              </Text>
            </Link>
          </Group>
          <Group gap="md" wrap="nowrap">
            <QuickSearch />
            {/* The browser's own tooltip: Mantine's would put its floating code in every page's first download. */}
            <Box title="Time in London">
              <Clock />
            </Box>
            <NotificationsBell />
            <UserMenu onShowShortcuts={openHelp} />
          </Group>
        </Group>
        {connectionLost && <ConnectionBanner />}
      </AppShell.Header>
      <AppShell.Navbar
        aria-label="Main"
        className={classes.navbar}
        // On a phone the navigation is a drawer: following a link closes it.
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a')) nav.close();
        }}
      >
        <Navigation />
      </AppShell.Navbar>
      <AppShell.Main id="main" className={classes.main}>
        <Suspense fallback={<ScreenLoading />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <NotificationBanners />
    </AppShell>
  );
}
