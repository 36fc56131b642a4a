/**
 * The order around the item on its page (issue 18): every item of the order with its state badge, each a
 * link to its own page (this one marked), and the customer's other orders (by e-mail) one click away in a
 * popover, each linking to its first item. Lives in the summary card, so it is in view on a phone too.
 */
import { Anchor, Button, Group, Popover, Skeleton, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { OrderContext } from '../../../domain/contract/order-context';
import { formatDate } from '../../../domain/format';
import type { StateGroup } from '../../../domain/states';
import { orderContextQuery } from '../../api/order-context';
import { ScrollBox } from '../../components/scroll-box';
import { StateBadge } from '../../components/state-badge';
import { paths } from '../../paths';
import classes from './order-context.module.css';
import { useOrderItem } from './panel-kit';

/** The id the details card's order ref links to. */
export const ORDER_CONTEXT_ID = 'order-context';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function OrderItems({ items, current }: { items: OrderContext['items']; current: number }) {
  return (
    <ul className={classes.items}>
      {items.map((i) => {
        const here = i.id === current;
        return (
          <li key={i.id} className={classes.item} data-current={here || undefined}>
            <Anchor
              component={Link}
              to={paths.orderItem(i.ref)}
              size="sm"
              fw={here ? 700 : 500}
              aria-current={here ? 'page' : undefined}
            >
              {i.ref}
            </Anchor>
            <Text span size="xs" c="dimmed" className={classes.type}>
              {i.type}
              {here ? ' · this item' : ''}
            </Text>
            <StateBadge label={i.state_label} group={i.state_group as StateGroup} />
          </li>
        );
      })}
    </ul>
  );
}

function CustomerOrders({ context }: { context: OrderContext }) {
  const { customer_orders: orders, customer_order_count: total } = context;
  if (total === 0)
    return (
      <Text size="sm" c="dimmed">
        No other orders from this customer
      </Text>
    );
  return (
    <Popover position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="subtle" size="compact-sm" rightSection={<IconChevronDown size={14} aria-hidden />}>
          Customer’s other orders ({total})
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="xs" c="dimmed" mb={6}>
          Orders placed with {context.order.email}, newest first
        </Text>
        <ScrollBox maxHeight={320}>
          <ul className={classes.orders}>
            {orders.map((o) => (
              <li key={o.id} className={classes.order}>
                {o.first_item_ref ? (
                  <Anchor component={Link} to={paths.orderItem(o.first_item_ref)} size="sm" fw={600}>
                    Order {o.ref}
                  </Anchor>
                ) : (
                  <Text span size="sm" fw={600}>
                    Order {o.ref}
                  </Text>
                )}
                <Text span size="xs" c="dimmed">
                  {formatDate(o.placed_at)} · {plural(o.item_count, 'item')} · {o.open_items} open
                </Text>
              </li>
            ))}
          </ul>
        </ScrollBox>
        {total > orders.length && (
          <Text size="xs" c="dimmed" mt={6}>
            The newest {orders.length} of {total}; search by the e-mail for the rest.
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

/** The order's items and the customer's other orders, for the summary card. */
export function OrderContextSection() {
  const { item } = useOrderItem();
  const query = useQuery(orderContextQuery(item.ref));
  const context = query.data;

  return (
    <section id={ORDER_CONTEXT_ID} aria-label={`Order ${item.order.ref}`} className={classes.section}>
      <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.03em' }}>
          Order {item.order.ref}
          {context ? ` · ${plural(context.items.length, 'item')}` : ''}
        </Text>
        {context && <CustomerOrders context={context} />}
      </Group>
      {context ? (
        <OrderItems items={context.items} current={item.id} />
      ) : query.error ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed" role="alert">
            The order’s other items could not load.
          </Text>
          <Button size="compact-xs" variant="default" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Group>
      ) : (
        <Skeleton h={28} radius="sm" aria-label="Loading the order's items" />
      )}
    </section>
  );
}
