/**
 * The fields of an article, the content in a rich-text editor (tiptap's StarterKit and Link, in Mantine's
 * RichTextEditor). This module is loaded only when an article is added or edited: tiptap and ProseMirror
 * stay out of the app's first load. The HTML it produces is sanitised again on the server when saved.
 */
import '@mantine/tiptap/styles.css';
import { Input, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useQuery } from '@tanstack/react-query';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { Ref } from 'react';
import { ARTICLE_CERTIFICATE_TYPES, ARTICLE_SITES } from '../../../domain/options';
import type { Messages } from '../../components/form';
import { type ArticleDraft, articleCategoriesQuery } from './admin-api';

interface ArticleEditorProps {
  draft: ArticleDraft;
  errors: Messages;
  setField: (field: keyof ArticleDraft, value: string) => void;
  firstFieldRef?: Ref<HTMLInputElement>;
  /** Distinguishes the ids of two editors on one page (the Add form and an edited row). */
  idPrefix: string;
}

export default function ArticleEditor({
  draft,
  errors,
  setField,
  firstFieldRef,
  idPrefix,
}: ArticleEditorProps) {
  const categories = useQuery(articleCategoriesQuery);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, md: 4 }} spacing="sm">
        <TextInput
          ref={firstFieldRef}
          label="Title"
          withAsterisk
          value={draft.title}
          onChange={(e) => setField('title', e.currentTarget.value)}
          error={errors.title}
        />
        <Select
          label="Certificate type"
          withAsterisk
          placeholder="Choose a type"
          data={[...ARTICLE_CERTIFICATE_TYPES]}
          value={draft.certificate_type || null}
          onChange={(v) => setField('certificate_type', v ?? '')}
          error={errors.certificate_type}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Category"
          withAsterisk
          placeholder={categories.isPending ? 'Loading categories…' : 'Choose a category'}
          data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={draft.category_id || null}
          onChange={(v) => setField('category_id', v ?? '')}
          error={errors.category_id ?? (categories.isError ? 'Could not load the categories.' : undefined)}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No such category: add it on the Article categories tab."
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Site"
          withAsterisk
          placeholder="Choose a site"
          data={[...ARTICLE_SITES]}
          value={draft.site || null}
          onChange={(v) => setField('site', v ?? '')}
          error={errors.site}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <ContentEditor
        id={`${idPrefix}-content`}
        value={draft.content}
        onChange={(html) => setField('content', html)}
        error={errors.content}
      />
    </Stack>
  );
}

interface ContentEditorProps {
  id: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}

/**
 * The article body. The editor owns its document once created; `value` seeds it. An empty document is
 * reported as '' so the form's "Enter the content." check still applies.
 */
function ContentEditor({ id, value, onChange, error }: ContentEditorProps) {
  const labelId = `${id}-label`;
  const editor = useEditor({
    extensions: [
      // The Link mark comes from Mantine (tiptap's Link with Mod+K opening the link control).
      StarterKit.configure({ link: false, heading: { levels: [1, 2, 3, 4] } }),
      Link.configure({ openOnClick: false, defaultProtocol: 'https' }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  return (
    <Input.Wrapper
      label="Content"
      labelElement="div"
      labelProps={{ id: labelId }}
      description="Headings, bold and italic, lists, links and quotes. Ctrl+B, Ctrl+I and Ctrl+K work too."
      withAsterisk
      error={error}
      errorProps={{ id: `${id}-error` }}
    >
      <RichTextEditor editor={editor} mt={4} data-invalid={error ? true : undefined}>
        <RichTextEditor.Toolbar sticky stickyOffset="var(--app-shell-header-height, 56px)">
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={220} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
