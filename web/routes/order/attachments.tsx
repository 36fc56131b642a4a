/** The item's attachments: the side list with downloads, the upload button and the scan-send controls. */
import {
  Anchor,
  Button,
  Checkbox,
  FileButton,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconFileText, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { Attachment } from '../../../domain/contract/order-item';
import { formatDateTime } from '../../../domain/format';
import { SectionCard } from '../../components/section-card';
import { attachmentFileUrl, itemPath } from './order-api';
import { ActionAlert, useAction, useOrderItem } from './panel-kit';
import { EmptyLine } from './side-card';
import { ToneBadge } from './tone-badge';

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
      Not approved
    </ToneBadge>
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

/** The side card: every attachment with its download link and review status. */
export function AttachmentsCard() {
  const { item, canWork } = useOrderItem();
  const files = item.ukds_attachments;
  const upload = useUpload();
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
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/** Select and approve attachments for the scan-send e-mail (each change saves at once). */
export function AttachmentPicker({ files }: { files: readonly Attachment[] }) {
  const { item } = useOrderItem();
  const change = useAction('attachments', () => '');
  const [busy, setBusy] = useState<number | null>(null);
  // The tick shows at once; the list from the server confirms it (or puts it back on a failure).
  const [ticking, setTicking] = useState<Record<number, boolean>>({});

  const run = async (a: Attachment, what: 'attach' | 'unattach' | 'toggle_approval') => {
    setBusy(a.id);
    if (what !== 'toggle_approval') setTicking((t) => ({ ...t, [a.id]: what === 'attach' }));
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
                <Tooltip label="Not reviewed or not approved → approved; approved → not approved">
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => run(a, 'toggle_approval')}
                    loading={busy === a.id}
                    aria-label={`${a.approved ? 'Withdraw approval of' : 'Approve'} ${a.filename}`}
                  >
                    {a.approved ? 'Unapprove' : 'Approve'}
                  </Button>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ActionAlert failure={change.failure} onClose={change.clearFailure} />
    </Stack>
  );
}
