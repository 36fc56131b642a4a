/**
 * What every action panel shares: the item in context, one hook to run an action with its failure state,
 * the alerts of SPEC sections 5 and 8, and the layout of a panel. Forms are built with form-kit.tsx.
 */
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefreshAlert } from '@tabler/icons-react';
import { createContext, type ReactNode, use, useState } from 'react';
import type { OrderItemDetail } from '../../../domain/contract/order-item';
import type { User } from '../../../domain/contract/session';
import { type DraftHandle, useRecordOwnChange } from './drafts';
import { type ActionFailure, type ItemCallAnswer, itemPath, toFailure, useItemMutation } from './order-api';

export const FAILED_ACTION = 'ERROR: Could not perform action';

export interface OrderItemContextValue {
  item: OrderItemDetail;
  /** The id or ref of the URL: the cache key of the item. */
  pageKey: string;
  user: User;
  /** The signed-in user may work this item (the server offers them Modify Order, a workflow panel). */
  canWork: boolean;
}

const OrderItemContext = createContext<OrderItemContextValue | null>(null);

export function OrderItemProvider({
  value,
  children,
}: {
  value: OrderItemContextValue;
  children: ReactNode;
}) {
  return <OrderItemContext value={value}>{children}</OrderItemContext>;
}

export function useOrderItem(): OrderItemContextValue {
  const value = use(OrderItemContext);
  if (!value) throw new Error('useOrderItem needs an <OrderItemProvider>.');
  return value;
}

/** How useAction's run sends one call. */
export interface RunOptions {
  body?: Record<string, unknown> | FormData;
  /** The form's draft: reset after a success, rebased (text kept) after a conflict. */
  draft?: DraftHandle<object>;
  /** Another path than order_items/<ref>/<action>. */
  path?: string;
  /** Send no lock_version (calls that take none). */
  noLock?: boolean;
  method?: 'post' | 'put';
  /** What the call answers when it is not the item (an FCO order answers its batch). */
  answer?: ItemCallAnswer;
}

/** What useAction answers: run the call, whether it is under way, and what went wrong last. */
export type ActionHandle = ReturnType<typeof useAction>;

/**
 * Runs one workflow action of the item; `failure` is what went wrong last, cleared by the next run. The success
 * message is given the ref and the item as the call answered it (null when the call answers something else).
 */
export function useAction(
  action: string,
  successMessage: (ref: string, answered: OrderItemDetail | null) => string,
) {
  const { item, pageKey } = useOrderItem();
  const mutation = useItemMutation(pageKey, (answered) => successMessage(item.ref, answered));
  const recordOwnChange = useRecordOwnChange();
  const [failure, setFailure] = useState<ActionFailure | null>(null);

  const run = async ({ body, draft, path, noLock, method, answer }: RunOptions = {}): Promise<boolean> => {
    setFailure(null);
    const lockVersion = noLock ? null : draft ? draft.lockFor(item.lock_version) : item.lock_version;
    try {
      const data = await mutation.mutateAsync({
        path: path ?? itemPath(item, action),
        body,
        lockVersion,
        method,
        answer,
      });
      const record = 'order_item' in data ? data.order_item : null;
      // Without a lock sent, only a one-step move is surely ours alone.
      if (record && (lockVersion !== null || record.lock_version === item.lock_version + 1))
        recordOwnChange(lockVersion ?? item.lock_version, record.lock_version);
      draft?.reset();
      return true;
    } catch (error) {
      const f = toFailure(error);
      if (f.kind === 'conflict') draft?.rebase();
      setFailure(f);
      return false;
    }
  };
  return { run, pending: mutation.isPending, failure, clearFailure: () => setFailure(null) };
}

interface ActionAlertProps {
  failure: ActionFailure | null;
  /** The title of a plain failure; SPEC's 'ERROR: Could not perform action' unless the panel has its own. */
  failedTitle?: string;
  onClose?: () => void;
}

/** A failed action (role="alert"): someone else's change, or the SPEC failure text with the server's words. */
export function ActionAlert({ failure, failedTitle = FAILED_ACTION, onClose }: ActionAlertProps) {
  if (!failure) return null;
  if (failure.kind === 'conflict') {
    return (
      <Alert
        role="alert"
        color="orange"
        variant="light"
        icon={<IconRefreshAlert size={18} aria-hidden />}
        title="Someone else changed this order item"
        withCloseButton={!!onClose}
        closeButtonLabel="Dismiss"
        onClose={onClose}
      >
        {failure.message} What you typed is still here.
      </Alert>
    );
  }
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={failedTitle}
      withCloseButton={!!onClose}
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {failure.message}
    </Alert>
  );
}

/** A validation message the SPEC words exactly, shown before anything is sent. */
export function ValidationAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
      {message}
    </Alert>
  );
}

/** The heading and one-line help of a panel, above its form. */
export function PanelIntro({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** A panel's body: intro, fields, alerts and buttons stacked with even gaps. */
export function PanelBody({ children }: { children: ReactNode }) {
  return (
    <Stack gap="sm" maw={640}>
      {children}
    </Stack>
  );
}

/** The buttons row at the bottom of a panel. */
export function PanelButtons({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" mt={4}>
      {children}
    </Group>
  );
}
