/** /unpaid/:orderRef: an unpaid cart with the pre-filled apology e-mail. */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  DataList,
  Grid,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconMailForward, IconShoppingCartX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type Cart,
  CartResponseSchema,
  type NotifyAndClose,
  unpaidCartEmail,
} from '../../../domain/contract/conversations';
import { formatDateTime, formatPence } from '../../../domain/format';
import { api, isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useForm } from '../../components/form';
import { GrowingTextarea } from '../../components/growing-textarea';
import { PageHeader } from '../../components/page-title';
import { SUBMIT_SHORTCUT } from '../../components/shortcut-keys';
import { notifySuccess } from '../../lib/notify';
import { paths } from '../../paths';
import {
  billingAddressLines,
  type CartAction,
  cartOutcome,
  confirmation,
  finishedMessage,
} from './cart-model';

// Text colours dark enough for AA on the light badge backgrounds.
const STATE_BADGES: Record<Cart['state'], { label: string; color: string; text: string }> = {
  unpaid: { label: 'Unpaid', color: 'yellow', text: '#7a4f01' },
  paid: { label: 'Paid', color: 'green', text: 'green.9' },
  closed: { label: 'Closed', color: 'gray', text: 'gray.8' },
};

export default function UnpaidPage() {
  const { orderRef = '' } = useParams();
  const { data, error, isPending, refetch } = useQuery({
    queryKey: queryKeys.carts.detail(orderRef),
    queryFn: ({ signal }) => api.get(`carts/${encodeURIComponent(orderRef)}`, CartResponseSchema, { signal }),
  });
  const title = `Unpaid cart ${orderRef}`;

  if (isApiError(error, 404)) {
    return (
      <>
        <PageHeader title={title} />
        <Alert color="gray" icon={<IconShoppingCartX size={18} aria-hidden />} title="No such cart">
          There is no cart {orderRef}.{' '}
          <Anchor component={Link} to={paths.dashboard}>
            Back to the dashboard
          </Anchor>
        </Alert>
      </>
    );
  }
  if (error) {
    return (
      <>
        <PageHeader title={title} />
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="Could not load the cart">
          <Group justify="space-between">
            <Text size="sm">{error.message}</Text>
            <Button size="xs" variant="default" onClick={() => refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      </>
    );
  }
  if (isPending) {
    return (
      <>
        <PageHeader title={title} description="Loading…" />
        <Grid gap="md" role="status" aria-busy="true" aria-label="Loading the cart">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <Skeleton h={160} radius="md" />
              <Skeleton h={160} radius="md" />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Skeleton h={360} radius="md" />
          </Grid.Col>
        </Grid>
      </>
    );
  }
  return <CartView cart={data.cart} title={title} />;
}

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5" fw={600} id={headingId}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/** The cart's page: who, what was in the basket, and the e-mail and close actions while it is unpaid. */
function CartView({ cart, title }: { cart: Cart; title: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const original = cart.apology_email ?? unpaidCartEmail(cart.billing_address.name, cart.ref);
  const [confirming, setConfirming] = useState<CartAction | null>(null);
  const badge = STATE_BADGES[cart.state];
  const path = `carts/${encodeURIComponent(cart.ref)}`;
  const form = useForm({
    initial: { body: original, action: 'notify' as CartAction },
    check: ({ body, action }) => ({
      body: action === 'notify' && !body.trim() ? 'Enter the e-mail to the customer.' : undefined,
    }),
    send: ({ body, action }) =>
      (action === 'notify'
        ? api.post(
            `${path}/notify_and_close`,
            { message: { body } } satisfies NotifyAndClose,
            CartResponseSchema,
          )
        : api.post(`${path}/close`, {}, CartResponseSchema)
      ).catch((error: unknown) => {
        setConfirming(null);
        throw error;
      }),
    onSuccess: (_data, { action }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.carts.all });
      setConfirming(null);
      notifySuccess(finishedMessage(action, cart));
      navigate(paths.dashboard);
    },
    onFailure: (error) => (isApiError(error, 422) ? { body: error.message } : undefined),
  });
  const { body } = form.values;

  // The e-mail is checked before the confirmation; the call goes once the user confirms.
  const ask = (action: CartAction) => {
    if (form.validate({ action })) setConfirming(action);
  };

  return (
    <>
      <PageHeader
        title={title}
        description={
          <>
            {cart.billing_address.name} · started {formatDateTime(cart.created_at)}
          </>
        }
        actions={
          <Badge variant="light" color={badge.color} c={badge.text} radius="sm" tt="none" size="lg" fw={600}>
            {badge.label}
          </Badge>
        }
      />
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <CustomerSection cart={cart} />
            <BasketSection cart={cart} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {cart.state === 'unpaid' ? (
            <EmailSection
              cart={cart}
              body={body}
              original={original}
              onBodyChange={(next) => form.set({ body: next })}
              onRestore={() => form.set({ body: original })}
              bodyError={form.errors.body ?? null}
              failure={form.failure?.message ?? null}
              busy={form.saving}
              onAsk={ask}
            />
          ) : (
            <OutcomeSection cart={cart} />
          )}
        </Grid.Col>
      </Grid>
      <ConfirmModal
        cart={cart}
        confirming={confirming}
        busy={form.saving}
        onCancel={() => setConfirming(null)}
        onConfirm={(action) => form.submit(null, { action })}
      />
    </>
  );
}

function CustomerSection({ cart }: { cart: Cart }) {
  const addressLines = billingAddressLines(cart.billing_address);
  return (
    <Section title="Customer">
      <DataList size="sm" gap="xs" labelWidth={120}>
        <DataList.Item>
          <DataList.ItemLabel>Name</DataList.ItemLabel>
          <DataList.ItemValue>{cart.billing_address.name}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>E-mail</DataList.ItemLabel>
          <DataList.ItemValue>
            <Anchor href={`mailto:${cart.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {cart.email}
            </Anchor>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Billing address</DataList.ItemLabel>
          <DataList.ItemValue>
            {addressLines.length > 0 ? (
              addressLines.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))
            ) : (
              <Text size="sm" c="dimmed">
                Not given
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </Section>
  );
}

function BasketSection({ cart }: { cart: Cart }) {
  return (
    <Section title="Basket">
      <Table verticalSpacing={6} highlightOnHover={false} data-testid="cart-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cart.items.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Text size="sm" c="dimmed">
                  The shop sent no items for this cart.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            cart.items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cart items have no id and may repeat
              <Table.Tr key={i}>
                <Table.Td>{item.type}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatPence(item.net_value)}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <Table.Th ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="cart-total">
              {formatPence(cart.total_in_pence)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Section>
  );
}

interface EmailSectionProps {
  cart: Cart;
  body: string;
  /** The text the page opened with, which Restore puts back. */
  original: string;
  onBodyChange: (body: string) => void;
  onRestore: () => void;
  bodyError: string | null;
  /** Why the last action failed, when it was not the message's fault (those show at the field). */
  failure: string | null;
  busy: boolean;
  onAsk: (action: CartAction) => void;
}

/** The pre-filled apology, editable, with the two ways to finish the cart. */
function EmailSection({
  cart,
  body,
  original,
  onBodyChange,
  onRestore,
  bodyError,
  failure,
  busy,
  onAsk,
}: EmailSectionProps) {
  return (
    <Section
      title="E-mail to the customer"
      aside={
        body !== original && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconArrowBackUp size={14} aria-hidden />}
            onClick={onRestore}
          >
            Restore the original text
          </Button>
        )
      }
    >
      <Stack gap="sm">
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            To:
          </Text>{' '}
          {cart.billing_address.name} &lt;{cart.email}&gt;
        </Text>
        <GrowingTextarea
          label="Message"
          description="Pre-filled apology; edit it before sending if you need to."
          minRows={10}
          maxRows={20}
          value={body}
          onChange={(e) => onBodyChange(e.currentTarget.value)}
          error={bodyError}
          styles={{ input: { fontFamily: 'var(--mantine-font-family)', lineHeight: 1.5 } }}
        />
        {failure !== null && (
          <Alert color="red" role="alert" title="Nothing was changed">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={busy} onClick={() => onAsk('close')}>
            Close
          </Button>
          <Button
            leftSection={<IconMailForward size={16} aria-hidden />}
            disabled={busy}
            onClick={() => onAsk('notify')}
          >
            Notify and close
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}

/** A paid or closed cart: how it ended, and nothing left to do. */
function OutcomeSection({ cart }: { cart: Cart }) {
  const badge = STATE_BADGES[cart.state];
  return (
    <Section title="Outcome">
      <Alert color="gray" role="status" icon={<IconShoppingCartX size={18} aria-hidden />}>
        <Text size="sm" fw={600}>
          This cart was {badge.label.toLowerCase()}
          {cart.closed_at ? ` on ${formatDateTime(cart.closed_at)}` : ''}.
        </Text>
        <Text size="sm" mt={4}>
          {cartOutcome(cart)} There is nothing left to do here.{' '}
          <Anchor component={Link} to={paths.dashboard} size="sm">
            Back to the dashboard
          </Anchor>
        </Text>
      </Alert>
    </Section>
  );
}

/** Asks before an action that cannot be undone; stays open while it runs. */
function ConfirmModal({
  cart,
  confirming,
  busy,
  onCancel,
  onConfirm,
}: {
  cart: Cart;
  confirming: CartAction | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (action: CartAction) => void;
}) {
  // While the modal closes its text stays that of an action; 'close' is what it showed before too.
  const text = confirmation(confirming ?? 'close', cart);
  return (
    <Modal opened={confirming !== null} onClose={() => !busy && onCancel()} title={text.title} centered>
      <Stack gap="md">
        <Text size="sm">{text.text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            {...SUBMIT_SHORTCUT}
            loading={busy}
            color={confirming === 'close' ? 'red' : undefined}
            onClick={() => confirming && onConfirm(confirming)}
          >
            {text.button}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
