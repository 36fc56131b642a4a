/**
 * The summary at the top of the order page: ref, type, state, customer, addresses, prices, flags and
 * despatch-by, with the flag toggle, originals received and postpone notification (both ask first: they
 * cannot be undone) and the cover letter. Flagging and assigning offer an Undo for a few seconds.
 */
import {
  Anchor,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCalendarPause, IconFlag, IconFlagFilled, IconMailbox, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import {
  type OrderItemDetail,
  type OrderItemListRow,
  OrderItemUndoableResponseSchema,
} from '../../../domain/contract/order-item';
import { formatDate, formatDateTime, formatPence } from '../../../domain/format';
import { DELIVERY_REGION_OPTIONS } from '../../../domain/options';
import {
  isFinalState,
  isOnHoldState,
  isOrderItemState,
  isWaitingCustomerState,
} from '../../../domain/states';
import { orderersQuery } from '../../api/queries';
import { isAdmin } from '../../components/auth';
import { CustomerPrivacyActions } from '../../components/customer-privacy';
import { DueDate } from '../../components/due-date';
import { PageHeader } from '../../components/page-title';
import { type ScreenAction, useScreenActions } from '../../components/screen-actions';
import { ORDER_KEYS, SUBMIT_SHORTCUT } from '../../components/shortcut-keys';
import { StateBadge } from '../../components/state-badge';
import { paths } from '../../paths';
import { addressLines } from './details-fields';
import { useConfirmedAction } from './form-kit';
import { coverLetterUrl, itemPath } from './order-api';
import { OrderContextSection } from './order-context';
import { ActionAlert, useAction, useOrderItem } from './panel-kit';
import { type Tone, ToneBadge } from './tone-badge';

export const FLAG_FAILED = 'Failed to set flag';
export const ORIGINALS_FAILED = 'Failed to mark originals as received';
export const POSTPONE_FAILED = 'Failed to postpone notification';

/** Whether the customer is being waited on and the reminder is not already postponed. */
function mayPostpone(item: OrderItemDetail): boolean {
  const s = item.current_state;
  if (!isOrderItemState(s) || item.is_on_hold || isOnHoldState(s)) return false;
  return item.waiting_customer_response || isWaitingCustomerState(s);
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.03em' }}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function FlagBadges({ item }: { item: OrderItemDetail }) {
  const badges: { label: string; color: Tone }[] = [];
  if (item.flagged) badges.push({ label: 'Flagged', color: 'red' });
  if (item.is_escalated) badges.push({ label: 'Escalated', color: 'red' });
  if (item.is_on_hold) badges.push({ label: 'On hold', color: 'grape' });
  if (item.waiting_customer_response) badges.push({ label: 'Waiting for customer', color: 'yellow' });
  if (item.is_reorder) badges.push({ label: 'Reorder', color: 'orange' });
  if (item.approved) badges.push({ label: 'Documents approved', color: 'green' });
  if (item.original_received_on)
    badges.push({ label: `Originals received ${formatDate(item.original_received_on)}`, color: 'teal' });
  if (badges.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Group gap={4}>
      {badges.map((b) => (
        <ToneBadge key={b.label} tone={b.color}>
          {b.label}
        </ToneBadge>
      ))}
    </Group>
  );
}

/**
 * Admins give the item to another orderer (or assign an unassigned one) from the summary. The key `a` opens
 * the menu; the palette's "Reassign to <name>…" asks to confirm first, as it skips the menu.
 */
function AssigneeFact() {
  const { item, user } = useOrderItem();
  const admin = isAdmin(user);
  const orderers = useQuery({ ...orderersQuery, enabled: admin });
  const reassign = useAction('reassign', (ref, answered) =>
    answered?.user ? `Assigned ${ref} to ${answered.user.name}.` : `${ref} reassigned.`,
  );
  const others = (orderers.data?.orderers ?? []).filter((o) => o.id !== item.user?.id);
  const [menuOpened, setMenuOpened] = useState(false);
  const [confirmFor, setConfirmFor] = useState<{ id: number; name: string } | null>(null);
  const verb = item.user ? 'Reassign' : 'Assign';
  const give = (ordererId: number) =>
    reassign.run({
      path: itemPath(item, 'reassign'),
      body: { reassign: { orderer_id: ordererId } },
      answer: OrderItemUndoableResponseSchema,
    });

  useScreenActions(
    admin
      ? [
          {
            id: 'assign-menu',
            label: item.user ? 'Reassign to another orderer…' : 'Assign to an orderer…',
            keywords: ['assign', 'reassign', 'orderer', 'give'],
            shortcut: ORDER_KEYS.assign,
            run: () => setMenuOpened(true),
          },
          ...others.map((o) => ({
            id: `assign:${o.id}`,
            label: `${verb} to ${o.name}…`,
            keywords: ['assign', 'reassign', 'orderer', o.email],
            run: () => setConfirmFor(o),
          })),
        ]
      : [],
  );

  return (
    <Fact label="Assigned to">
      <Group gap={4} wrap="nowrap">
        {item.user ? (
          <Anchor component={Link} to={paths.workQueue(item.user.id)} size="sm">
            {item.user.name}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Unassigned
          </Text>
        )}
        {admin && (
          <Menu position="bottom-start" withinPortal opened={menuOpened} onChange={setMenuOpened}>
            <Menu.Target>
              <Button
                size="compact-xs"
                variant="subtle"
                loading={reassign.pending}
                aria-label={item.user ? 'Reassign to another orderer' : 'Assign to an orderer'}
                aria-keyshortcuts={ORDER_KEYS.assign}
              >
                {item.user ? 'Reassign' : 'Assign'}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{item.user ? 'Reassign to' : 'Assign to'}</Menu.Label>
              {others.length === 0 && <Menu.Item disabled>No other orderers</Menu.Item>}
              {others.map((o) => (
                <Menu.Item key={o.id} onClick={() => give(o.id)}>
                  {o.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {reassign.failure && (
        <Stack mt={6} maw={360}>
          <ActionAlert failure={reassign.failure} onClose={reassign.clearFailure} />
        </Stack>
      )}
      <Modal
        opened={confirmFor !== null}
        onClose={() => setConfirmFor(null)}
        title={`${verb} ${item.ref}?`}
        centered
        size="sm"
      >
        <Stack gap="md">
          <Text size="sm">
            {item.user
              ? `${item.ref} moves from ${item.user.name}’s queue to ${confirmFor?.name}’s.`
              : `${item.ref} goes to ${confirmFor?.name}’s queue.`}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirmFor(null)}>
              Cancel
            </Button>
            <Button
              data-autofocus
              {...SUBMIT_SHORTCUT}
              loading={reassign.pending}
              onClick={async () => {
                if (confirmFor) await give(confirmFor.id);
                setConfirmFor(null);
              }}
            >
              {verb} to {confirmFor?.name}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Fact>
  );
}

function useHeaderActions() {
  const { item, canWork } = useOrderItem();
  const flag = useAction('toggle_flag', (ref) => `${ref} ${item.flagged ? 'unflagged' : 'flagged'}.`);
  const toggleFlag = () => flag.run({ answer: OrderItemUndoableResponseSchema });
  const originals = useAction('original_received', (ref) => `Originals for ${ref} marked as received.`);
  const postpone = useAction('postpone_notification', (ref) => `Reminder for ${ref} postponed by 7 days.`);
  const showOriginals = canWork && !item.original_received_on;
  const showPostpone = canWork && mayPostpone(item);
  // Neither can be undone, and both sit beside Flag: each asks first (docs/decisions/document-review.md).
  const confirmOriginals = useConfirmedAction(originals, {
    title: `Originals received for ${item.ref}?`,
    message: `Today's date is recorded on ${item.ref} as the day the customer's original documents arrived.`,
    confirmLabel: 'Confirm receipt',
  });
  const confirmPostpone = useConfirmedAction(postpone, {
    title: `Postpone the reminder for ${item.ref}?`,
    message: `${item.ref} goes on hold: the customer's next reminder e-mail is sent 7 days later than planned.`,
    confirmLabel: 'Postpone 7 days',
  });

  // The same buttons, for the command palette and the keys.
  const actions: ScreenAction[] = [
    {
      id: 'flag',
      label: item.flagged ? 'Unflag this item' : 'Flag this item',
      keywords: ['flag', 'unflag', 'attention', 'mark'],
      shortcut: ORDER_KEYS.flag,
      priority: 1,
      run: () => void toggleFlag(),
    },
    {
      id: 'print-cover-letter',
      label: 'Print cover letter',
      keywords: ['pdf', 'letter', 'print'],
      shortcut: ORDER_KEYS.print,
      priority: 1,
      run: () => window.open(coverLetterUrl(item), '_blank', 'noopener,noreferrer'),
    },
  ];
  if (showOriginals)
    actions.push({
      id: 'originals-received',
      label: 'Originals received…',
      keywords: ['documents', 'post'],
      priority: 1,
      run: confirmOriginals.ask,
    });
  if (showPostpone)
    actions.push({
      id: 'postpone-notification',
      label: 'Postpone notification…',
      keywords: ['reminder', 'delay'],
      priority: 1,
      run: confirmPostpone.ask,
    });
  useScreenActions(actions);

  return {
    buttons: (
      <>
        <Tooltip
          label={`${item.flagged ? 'Remove the flag' : 'Flag this item for attention'} (key ${ORDER_KEYS.flag})`}
        >
          <Button
            variant={item.flagged ? 'light' : 'default'}
            color={item.flagged ? 'red' : undefined}
            leftSection={
              item.flagged ? <IconFlagFilled size={16} aria-hidden /> : <IconFlag size={16} aria-hidden />
            }
            aria-pressed={item.flagged}
            aria-keyshortcuts={ORDER_KEYS.flag}
            loading={flag.pending}
            onClick={() => toggleFlag()}
          >
            Flag
          </Button>
        </Tooltip>
        {showOriginals && (
          <Button
            variant="default"
            leftSection={<IconMailbox size={16} aria-hidden />}
            loading={originals.pending}
            onClick={confirmOriginals.ask}
            aria-haspopup="dialog"
          >
            Originals received
          </Button>
        )}
        {confirmOriginals.dialog}
        {showPostpone && (
          <Button
            variant="default"
            leftSection={<IconCalendarPause size={16} aria-hidden />}
            loading={postpone.pending}
            onClick={confirmPostpone.ask}
            aria-haspopup="dialog"
          >
            Postpone notification
          </Button>
        )}
        {confirmPostpone.dialog}
        <Button
          component="a"
          href={coverLetterUrl(item)}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          aria-keyshortcuts={ORDER_KEYS.print}
        >
          Print cover letter
        </Button>
      </>
    ),
    alerts: (
      <>
        <ActionAlert failure={flag.failure} failedTitle={FLAG_FAILED} onClose={flag.clearFailure} />
        <ActionAlert
          failure={originals.failure}
          failedTitle={ORIGINALS_FAILED}
          onClose={originals.clearFailure}
        />
        <ActionAlert
          failure={postpone.failure}
          failedTitle={POSTPONE_FAILED}
          onClose={postpone.clearFailure}
        />
      </>
    ),
  };
}

/**
 * The summary's first row from a list's row of the item, shown while the item loads (order-page.tsx): the
 * same facts in the same places, so the page does not jump when the item arrives.
 */
export function SummaryPreview({ row }: { row: OrderItemListRow }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Summary">
      <Group gap={40} align="flex-start" style={{ rowGap: 12 }}>
        <Fact label="State" testId="item-state">
          <StateBadge label={row.state_label} group={row.state_group} />
        </Fact>
        <Fact label="Assigned to">
          <Text size="sm">{row.user?.name ?? 'Unassigned'}</Text>
        </Fact>
        <Fact label="Net value">
          <Text size="sm" fw={600}>
            {formatPence(row.net_value)}
          </Text>
        </Fact>
        <Fact label="Despatch by">
          <DueDate value={row.despatch_due_on} open={!isFinalState(row.current_state)} />
        </Fact>
      </Group>
      <Skeleton h={70} mt="md" radius="sm" />
    </Card>
  );
}

export function OrderHeader() {
  const { item, user } = useOrderItem();
  const { buttons, alerts } = useHeaderActions();
  const { order, orderable } = item;
  const open = !isFinalState(item.current_state);
  const region = DELIVERY_REGION_OPTIONS.find((r) => r.value === order.delivery_region)?.label;

  return (
    <Stack gap="sm" mb="md">
      <PageHeader
        title={`Order item ${item.ref}`}
        description={
          <>
            {item.type} · {order.customer_name} · placed {formatDateTime(order.placed_at)}
          </>
        }
        actions={buttons}
      />
      {alerts}
      <Card withBorder radius="md" padding="md" component="section" aria-label="Summary">
        <Group gap={40} align="flex-start" style={{ rowGap: 12 }}>
          <Fact label="State" testId="item-state">
            <StateBadge label={item.state_label} group={item.state_group} />
          </Fact>
          <AssigneeFact />
          <Fact label="Net value">
            <Text size="sm" fw={600}>
              {formatPence(item.net_value)}
            </Text>
          </Fact>
          <Fact label="Price">
            <Text size="sm">
              {formatPence(orderable.subtotal_in_pence)}
              <Text span size="xs" c="dimmed">
                {' '}
                subtotal
              </Text>
            </Text>
          </Fact>
          <Fact label="Despatch by">
            <DueDate value={item.despatch_due_on} open={open} />
          </Fact>
          <Fact label="Delivery">
            <Text size="sm">
              {region ?? order.delivery_region}
              {item.fco_batch_id !== null && (
                <>
                  {' · '}
                  <Anchor component={Link} to={paths.fcoBatch(item.fco_batch_id)} size="sm">
                    FCO batch
                  </Anchor>
                </>
              )}
            </Text>
          </Fact>
        </Group>
        <SimpleGrid
          cols={{ base: 1, md: 3 }}
          spacing="md"
          mt="md"
          pt="sm"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Fact label="Customer">
            <Text size="sm" fw={500}>
              {order.customer_name}
            </Text>
            <Text size="sm">
              <Anchor href={`mailto:${order.email}`} size="sm">
                {order.email}
              </Anchor>
              {order.phone ? ` · ${order.phone}` : ''}
            </Text>
            {isAdmin(user) && (
              <Group gap="xs" mt={6}>
                <CustomerPrivacyActions email={order.email} compact />
              </Group>
            )}
          </Fact>
          <Fact label="Billing address">
            <Text size="sm">{addressLines(order.billing_address)}</Text>
          </Fact>
          <Fact label="Shipping address">
            <Text size="sm">
              {order.shipping_address
                ? `${order.shipping_address.name}, ${addressLines(order.shipping_address)}`
                : 'Same as billing'}
            </Text>
          </Fact>
        </SimpleGrid>
        <Group gap="sm" mt="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.03em' }}>
            Flags
          </Text>
          <FlagBadges item={item} />
        </Group>
        <OrderContextSection />
      </Card>
    </Stack>
  );
}
