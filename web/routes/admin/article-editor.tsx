/**
 * The fields of an article, with the HTML content beside a live preview. The preview is a sandboxed
 * frame (no scripts, no same-origin access), so unsaved HTML cannot run; the server sanitises on save.
 * Script-based checkers (axe) cannot enter such a frame: scan the form before content is typed.
 */
import { Autocomplete, Box, Input, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { Ref } from 'react';
import type { ArticleDraft, ArticleSuggestions, FieldErrors } from './admin-api';

interface ArticleEditorProps {
  draft: ArticleDraft;
  errors: FieldErrors;
  setField: (field: keyof ArticleDraft, value: string) => void;
  suggestions: ArticleSuggestions;
  firstFieldRef?: Ref<HTMLInputElement>;
  /** Distinguishes the ids of two editors on one page (the Add form and an edited row). */
  idPrefix: string;
}

const PREVIEW_STYLE = `body{font:14px/1.55 Inter,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2933;margin:12px 14px}h1,h2,h3{line-height:1.3;margin:.6em 0 .4em}p{margin:0 0 .7em}img{max-width:100%}a{color:#2d5498}`;

export default function ArticleEditor({
  draft,
  errors,
  setField,
  suggestions,
  firstFieldRef,
  idPrefix,
}: ArticleEditorProps) {
  const previewId = `${idPrefix}-preview`;
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
        <Autocomplete
          label="Certificate type"
          withAsterisk
          data={suggestions.certificateTypes}
          value={draft.certificate_type}
          onChange={(v) => setField('certificate_type', v)}
          error={errors.certificate_type}
        />
        <Autocomplete
          label="Category"
          withAsterisk
          data={suggestions.categories}
          value={draft.category}
          onChange={(v) => setField('category', v)}
          error={errors.category}
        />
        <Autocomplete
          label="Site"
          withAsterisk
          data={suggestions.sites}
          value={draft.site}
          onChange={(v) => setField('site', v)}
          error={errors.site}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Textarea
          label="Content (HTML)"
          description="Paragraphs, headings, lists, links and images; anything else is removed on save."
          withAsterisk
          autosize
          minRows={10}
          maxRows={22}
          value={draft.content}
          onChange={(e) => setField('content', e.currentTarget.value)}
          error={errors.content}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12.5 } }}
        />
        <Input.Wrapper
          label="Preview"
          description="How the article reads on the site."
          id={previewId}
          labelElement="div"
        >
          <Box
            mt={4}
            style={{
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-sm)',
              background: 'var(--mantine-color-white)',
              overflow: 'hidden',
            }}
          >
            {draft.content.trim() ? (
              <iframe
                title="Article preview"
                sandbox=""
                srcDoc={`<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${PREVIEW_STYLE}</style></head><body>${draft.content}</body></html>`}
                style={{ display: 'block', width: '100%', height: 202, border: 0 }}
              />
            ) : (
              <Text size="sm" c="dimmed" p="md" h={202}>
                Type some content to see it here.
              </Text>
            )}
          </Box>
        </Input.Wrapper>
      </SimpleGrid>
    </Stack>
  );
}
