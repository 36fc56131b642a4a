/** The item's attachments: the side list with downloads, the upload button and the scan-send controls. */
import {
  Anchor,
  Button,
  Checkbox,
  FileButton,
  Group,
  Popover,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconFileText, IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import type { Attachment } from '../../../domain/contract/order-item';
import { REJECT_FILE_MESSAGE, RejectAttachmentSchema } from '../../../domain/contract/order-item-actions';
import { formatDateTime } from '../../../domain/format';
import { GrowingTextarea } from '../../components/growing-textarea';
import { SectionCard } from '../../components/section-card';
import { attachmentFileUrl, itemPath } from './order-api';
import { ActionAlert, useAction, useOrderItem } from './panel-kit';
import { EmptyLine } from './side-card';
import { ToneBadge } from './tone-badge';

const REVIEW_FAILED = 'Failed to review the file';

/** A file size as staff read it: 12 KB, 1.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function ApprovalBadge({ approved }: { approved: boolean | null }) {
  if (approved === null)
    return (
      <ToneBadge size="xs" tone="gray">
        Not reviewed
      </ToneBadge>
    );
  return approved ? (
    <ToneBadge size="xs" tone="green">
      Approved
    </ToneBadge>
  ) : (
    <ToneBadge size="xs" tone="red">
      Rejected
    </ToneBadge>
  );
}

/** Who reviewed the file and when, and why it was rejected. */
function ReviewLine({ file }: { file: Attachment }) {
  if (file.approved === null || !file.reviewed_at) return null;
  const who = file.reviewed_by ?? 'the system';
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {file.approved ? 'Approved' : 'Rejected'} by {who} · {formatDateTime(file.reviewed_at)}
      {file.rejection_reason && (
        <>
          {': '}
          <Text span size="xs" c="red.9">
            {file.rejection_reason}
          </Text>
        </>
      )}
    </Text>
  );
}

/** Approve or reject one file; one at a time, the failure shown beside the list. */
function useFileReview() {
  const { item } = useOrderItem();
  const call = useAction('attachments', () => '');
  const [busy, setBusy] = useState<number | null>(null);
  const run = async (file: Attachment, what: 'approve' | 'reject', body?: Record<string, unknown>) => {
    setBusy(file.id);
    const done = await call.run({
      path: `${itemPath(item, 'attachments')}/${file.id}/${what}`,
      body,
      noLock: true,
    });
    setBusy(null);
    return done;
  };
  return {
    approve: (file: Attachment) => run(file, 'approve'),
    reject: (file: Attachment, reason: string) => run(file, 'reject', { rejection: { reason } }),
    busy,
    failure: call.failure,
    clearFailure: call.clearFailure,
  };
}
type FileReview = ReturnType<typeof useFileReview>;

/** The reason a file is rejected, asked in a small dialog anchored to the button. */
function RejectFile({ file, review }: { file: Attachment; review: FileReview }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = RejectAttachmentSchema.safeParse({ rejection: { reason } });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? REJECT_FILE_MESSAGE);
      return;
    }
    if (await review.reject(file, parsed.data.rejection.reason)) {
      setOpened(false);
      setReason('');
    }
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus
      withArrow
      shadow="md"
      position="bottom-end"
      width={300}
    >
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="default"
          color="red.9"
          onClick={() => setOpened((o) => !o)}
          aria-label={`Reject ${file.filename}`}
          aria-haspopup="dialog"
          aria-expanded={opened}
        >
          Reject…
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={`Reject ${file.filename}`}>
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <GrowingTextarea
              label="Why is this file rejected?"
              description="Kept with the file; staff see it in the list"
              minRows={2}
              maxRows={5}
              value={reason}
              error={error}
              data-autofocus
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setError(null);
              }}
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button size="xs" color="red.9" type="submit" loading={review.busy === file.id}>
                Reject file
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The per-file review buttons: approve (unless approved), reject with a reason (again to change it). */
function FileReviewButtons({ file, review }: { file: Attachment; review: FileReview }) {
  return (
    <Group gap={4} wrap="wrap">
      {file.approved !== true && (
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => review.approve(file)}
          loading={review.busy === file.id}
          aria-label={`Approve ${file.filename}`}
        >
          Approve
        </Button>
      )}
      <RejectFile file={file} review={review} />
    </Group>
  );
}

/** The upload call: any state, the assignee or an admin. */
export function useUpload() {
  return useAction('attachments', () => 'Attachment uploaded.');
}

/** Picks one file and uploads it as multipart field "file". */
export function UploadButton({ upload }: { upload: ReturnType<typeof useUpload> }) {
  const { item } = useOrderItem();
  return (
    <FileButton
      accept="application/pdf,image/*,.doc,.docx"
      onChange={(file) => {
        if (!file) return;
        const form = new FormData();
        form.append('file', file);
        void upload.run({ body: form, path: itemPath(item, 'attachments'), noLock: true });
      }}
    >
      {(props) => (
        <Button
          {...props}
          size="xs"
          variant="default"
          leftSection={<IconUpload size={14} aria-hidden />}
          loading={upload.pending}
        >
          Upload
        </Button>
      )}
    </FileButton>
  );
}

/** The side card: every attachment with its download link, its review (who, when, why) and the review buttons. */
export function AttachmentsCard() {
  const { item, canWork } = useOrderItem();
  const files = item.ukds_attachments;
  const upload = useUpload();
  const review = useFileReview();
  return (
    <SectionCard
      dense
      title="Attachments"
      count={files.length}
      actions={canWork ? <UploadButton upload={upload} /> : undefined}
    >
      {upload.failure && (
        <Stack p="sm">
          <ActionAlert failure={upload.failure} onClose={upload.clearFailure} />
        </Stack>
      )}
      {files.length === 0 ? (
        <EmptyLine>No attachments yet: nothing uploaded by the customer or staff.</EmptyLine>
      ) : (
        <Stack gap={0}>
          {files.map((a) => (
            <Group
              key={a.id}
              gap="xs"
              wrap="nowrap"
              px="md"
              py={8}
              align="flex-start"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              <IconFileText size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Anchor href={attachmentFileUrl(item, a.id)} size="sm" download={a.filename} truncate="end">
                  {a.filename}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {a.source === 'customer' ? 'Customer' : 'Staff'} · {formatBytes(a.byte_size)} ·{' '}
                  {formatDateTime(a.created_at)}
                </Text>
                <Group gap={4}>
                  <ApprovalBadge approved={a.approved} />
                  {a.selected && (
                    <ToneBadge size="xs" tone="blue">
                      Selected for scan-send
                    </ToneBadge>
                  )}
                </Group>
                <ReviewLine file={a} />
                {canWork && <FileReviewButtons file={a} review={review} />}
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      {review.failure && (
        <Stack p="sm">
          <ActionAlert failure={review.failure} failedTitle={REVIEW_FAILED} onClose={review.clearFailure} />
        </Stack>
      )}
    </SectionCard>
  );
}

/** Select and review attachments for the scan-send e-mail (each change saves at once). */
export function AttachmentPicker({ files }: { files: readonly Attachment[] }) {
  const { item } = useOrderItem();
  const change = useAction('attachments', () => '');
  const review = useFileReview();
  const [busy, setBusy] = useState<number | null>(null);
  // The tick shows at once; the list from the server confirms it (or puts it back on a failure).
  const [ticking, setTicking] = useState<Record<number, boolean>>({});

  const run = async (a: Attachment, what: 'attach' | 'unattach') => {
    setBusy(a.id);
    setTicking((t) => ({ ...t, [a.id]: what === 'attach' }));
    await change.run({ path: `${itemPath(item, 'attachments')}/${a.id}/${what}`, noLock: true });
    setTicking((t) => {
      const { [a.id]: _, ...rest } = t;
      return rest;
    });
    setBusy(null);
  };

  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No attachments yet. Upload the scans first.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Table withTableBorder verticalSpacing={6} highlightOnHover={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Send</Table.Th>
            <Table.Th>File</Table.Th>
            <Table.Th w={120}>Review</Table.Th>
            <Table.Th w={130}>
              <VisuallyHidden>Approval</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Send ${a.filename}`}
                  checked={ticking[a.id] ?? a.selected}
                  disabled={busy === a.id}
                  onChange={(e) => run(a, e.currentTarget.checked ? 'attach' : 'unattach')}
                />
              </Table.Td>
              <Table.Td>
                <Anchor href={attachmentFileUrl(item, a.id)} size="sm" download={a.filename}>
                  {a.filename}
                </Anchor>
                <Text span size="xs" c="dimmed" ml={6}>
                  {formatBytes(a.byte_size)}
                </Text>
              </Table.Td>
              <Table.Td>
                <ApprovalBadge approved={a.approved} />
              </Table.Td>
              <Table.Td>
                <FileReviewButtons file={a} review={review} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ActionAlert failure={change.failure} onClose={change.clearFailure} />
      <ActionAlert failure={review.failure} failedTitle={REVIEW_FAILED} onClose={review.clearFailure} />
    </Stack>
  );
}
