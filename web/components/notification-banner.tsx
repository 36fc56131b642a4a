/**
 * A banner for each notification that arrives while the app is open: shown at once, then after 2 s it
 * slides away over 1 s (a CSS transition) and is removed. While the pointer or focus is on it, it stays (WCAG
 * 2.2.1, timing adjustable): its countdown starts again when they leave.
 */
import { CloseButton, Group, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Notification } from '../../domain/contract/session';
import { notificationsQuery } from '../api/queries';
import { paths } from '../paths';
import classes from './shell.module.css';

/** How long a banner stays before it starts to leave, and how long leaving takes (SPEC section 9). */
export const BANNER_VISIBLE_MS = 2000;
export const BANNER_LEAVE_MS = 1000;

function Banner({ n, onGone }: { n: Notification; onGone: (id: number) => void }) {
  const [leaving, setLeaving] = useState(false);
  const [held, setHeld] = useState(false);
  // Held, it comes back if it was leaving; its countdown starts again once let go.
  const hold = () => {
    setHeld(true);
    setLeaving(false);
  };
  useEffect(() => {
    if (held) return;
    const leave = window.setTimeout(() => setLeaving(true), BANNER_VISIBLE_MS);
    // Removed by timer as well as by transitionend: reduced-motion users get no transition event.
    const gone = window.setTimeout(() => onGone(n.id), BANNER_VISIBLE_MS + BANNER_LEAVE_MS + 50);
    return () => {
      window.clearTimeout(leave);
      window.clearTimeout(gone);
    };
  }, [n.id, onGone, held]);

  return (
    <div
      role="status"
      className={classes.banner}
      data-leaving={leaving || undefined}
      onMouseEnter={hold}
      onMouseLeave={() => setHeld(false)}
      onFocus={hold}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false);
      }}
      data-testid="notification-banner"
      style={{ transitionDuration: `${BANNER_LEAVE_MS}ms` }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconBellRinging size={18} stroke={1.6} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" style={{ flex: 1 }}>
          {n.message}
          {n.order_item_ref && (
            <>
              {' '}
              <Link className={classes.bannerLink} to={paths.orderItem(n.order_item_ref)}>
                Open {n.order_item_ref}
              </Link>
            </>
          )}
          {!n.order_item_ref && n.conversation_id !== null && (
            <>
              {' '}
              <Link className={classes.bannerLink} to={paths.conversation(n.conversation_id)}>
                Open the conversation
              </Link>
            </>
          )}
        </Text>
        <CloseButton size="md" aria-label="Dismiss" onClick={() => onGone(n.id)} />
      </Group>
    </div>
  );
}

/** Watches the notifications list and shows a banner for every notification not seen before. */
export function NotificationBanners() {
  const { data } = useQuery(notificationsQuery);
  const seen = useRef<Set<number> | null>(null);
  const [shown, setShown] = useState<Notification[]>([]);

  useEffect(() => {
    if (!data) return;
    if (seen.current === null) {
      // What was already there when the app opened is in the bell, not news.
      seen.current = new Set(data.notifications.map((n) => n.id));
      return;
    }
    const known = seen.current;
    const fresh = data.notifications.filter((n) => !known.has(n.id) && !n.read);
    for (const n of data.notifications) known.add(n.id);
    if (fresh.length > 0) setShown((s) => [...s, ...fresh.slice(0, 3)]);
  }, [data]);

  const [onGone] = useState(() => (id: number) => setShown((s) => s.filter((n) => n.id !== id)));

  return (
    <div className={classes.bannerStack}>
      {shown.map((n) => (
        <Banner key={n.id} n={n} onGone={onGone} />
      ))}
    </div>
  );
}
