/**
 * /fco_batch/:fcoBatchId: one FCO batch. Ready to post → despatch it (date defaulting to today, cost,
 * reference); with the FCO → mark it received. Either way the user goes back to /my-queue afterwards.
 */
import '@mantine/dates/styles.css';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCheck, IconTruckDelivery } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type FcoBatch, FcoBatchResponseSchema } from '../../../domain/contract/queues';
import { formatDate, formatPence, londonToday } from '../../../domain/format';
import { api, isApiError } from '../../api/client';
import { fcoBatchQuery } from '../../api/queries';
import { queryKeys } from '../../api/query-keys';
import { FcoBatchStateBadge } from '../../components/fco-batches-table';
import { useForm } from '../../components/form';
import { MONEY_HINT, MoneyInput, moneyOf, notAnAmount } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { SUBMIT_SHORTCUT } from '../../components/shortcut-keys';
import { notifySuccess } from '../../lib/notify';
import { paths } from '../../paths';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function useBatchAction(batch: FcoBatch, path: 'despatch' | 'received', done: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: object) => api.post(`fco_batches/${batch.ref}/${path}`, body, FcoBatchResponseSchema),
    onSuccess: () => {
      notifySuccess(done);
      void queryClient.invalidateQueries({ queryKey: queryKeys.fcoBatches.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orderItems.all });
      navigate(paths.myQueue);
    },
  });
}

function DespatchForm({ batch }: { batch: FcoBatch }) {
  const despatch = useBatchAction(batch, 'despatch', `FCO batch ${batch.ref} despatched.`);
  const form = useForm({
    initial: {
      despatched_on: londonToday(new Date()) as string | null,
      despatch_cost: moneyOf(null),
      despatch_reference: '',
    },
    send: (values) =>
      despatch.mutateAsync({
        despatch: {
          despatched_on: values.despatched_on,
          despatch_cost: values.despatch_cost.pence,
          despatch_reference: values.despatch_reference.trim() || null,
        },
        lock_version: batch.lock_version,
      }),
  });
  const cost = form.values.despatch_cost;
  const costMissing = cost.pence === null;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!costMissing) form.submit();
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Despatch to the FCO
        </Title>
        <DateInput
          label="Despatched on"
          valueFormat="DD/MM/YYYY"
          {...form.field('despatched_on')}
          maxDate={londonToday(new Date())}
          clearable={false}
        />
        <MoneyInput
          label="Postage cost"
          required
          {...form.field('despatch_cost')}
          error={form.errors.despatch_cost ?? (notAnAmount(cost) ? MONEY_HINT : undefined)}
        />
        <TextInput label="Tracking reference" description="Optional" {...form.field('despatch_reference')} />
        {form.failure && (
          <Alert color="red" role="alert" title="ERROR: Could not perform action">
            {form.failure.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconTruckDelivery size={16} aria-hidden />}
            loading={form.saving}
            disabled={costMissing}
          >
            Despatch batch
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReceiveForm({ batch }: { batch: FcoBatch }) {
  const [confirming, setConfirming] = useState(false);
  const receive = useBatchAction(batch, 'received', `FCO batch ${batch.ref} marked received.`);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Back from the FCO
      </Title>
      <Text size="sm">
        When the FCO returns the documents, mark the batch received: its {batch.order_items.length} item
        {batch.order_items.length === 1 ? '' : 's'} move on to their next step.
      </Text>
      {receive.isError && (
        <Alert color="red" role="alert" title="ERROR: Could not perform action">
          {receive.error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setConfirming(true)}>
          Mark received
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Mark the batch received?">
        <Stack gap="md">
          <Text size="sm">
            Batch {batch.ref} ({batch.fco_reference}) came back from the FCO. This moves its items on and
            cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              {...SUBMIT_SHORTCUT}
              loading={receive.isPending}
              onClick={() => {
                setConfirming(false);
                receive.mutate({});
              }}
            >
              Mark received
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

export default function FcoBatchPage() {
  const { fcoBatchId = '' } = useParams();
  const { data, isPending, isError, error } = useQuery(fcoBatchQuery(fcoBatchId));
  const batch = data?.fco_batch;

  if (isPending) {
    return (
      <>
        <PageHeader title="FCO batch" />
        <Skeleton height={220} radius="md" />
      </>
    );
  }
  if (isError || !batch) {
    return (
      <>
        <PageHeader title="FCO batch" />
        <Alert
          color="red"
          role="alert"
          title={isApiError(error, 404) ? 'No such FCO batch' : 'Could not load'}
        >
          {error?.message}{' '}
          <Anchor component={Link} to={paths.myQueue}>
            Back to my queue
          </Anchor>
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={`FCO batch ${batch.ref}`}
        description={`Placed ${formatDate(batch.created_at)} · FCO reference ${batch.fco_reference}`}
        actions={<FcoBatchStateBadge state={batch.state} />}
      />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="md">
                <Field label="FCO reference">{batch.fco_reference}</Field>
                <Field label="FCO cost">{formatPence(batch.fco_cost)}</Field>
                <Field label="Placed">{formatDate(batch.created_at)}</Field>
                <Field label="Despatched on">
                  {batch.despatched_on ? formatDate(batch.despatched_on) : '—'}
                </Field>
                <Field label="Postage cost">
                  {batch.despatch_cost === null ? '—' : formatPence(batch.despatch_cost)}
                </Field>
                <Field label="Tracking reference">{batch.despatch_reference ?? '—'}</Field>
                <Field label="Received on">{batch.received_on ? formatDate(batch.received_on) : '—'}</Field>
              </SimpleGrid>
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
                  Order items ({batch.order_items.length})
                </Text>
                <List size="sm" spacing={2}>
                  {batch.order_items.map((i) => (
                    <List.Item key={i.id}>
                      <Anchor component={Link} to={paths.orderItem(i.ref)} ff="monospace" size="sm">
                        {i.ref}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              </div>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="md">
            {batch.state === 'pending_despatch' && <DespatchForm batch={batch} />}
            {batch.state === 'waiting_fco' && <ReceiveForm batch={batch} />}
            {batch.state === 'received' && (
              <Text size="sm" c="dimmed">
                This batch is finished: it came back from the FCO on{' '}
                {batch.received_on ? formatDate(batch.received_on) : 'an earlier date'}.
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
