/**
 * An e-mail's two parts as the customer's mail client gets them: the HTML (a document of its own, shown in an
 * iframe sandboxed with no scripts, no same origin and a policy refusing remote content) and the plain text.
 * The outbox drawer shows a message as sent with it, the templates screen each template's sample.
 */
import { Tabs } from '@mantine/core';
import { htmlPreviewDocument } from './outbox-model';
import classes from './outbox-page.module.css';

export function EmailBodies({
  subject,
  text,
  html,
  testId,
  frameHeight = 420,
}: {
  subject: string;
  text: string;
  html: string | null;
  /** Prefix of the parts' test ids (`<testId>-html-body`, `<testId>-text-body`). */
  testId: string;
  /** The frame's height, and the text's at most (each scrolls within it). */
  frameHeight?: number | string;
}) {
  return (
    <Tabs defaultValue={html ? 'html' : 'text'} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="html" disabled={!html}>
          {html ? 'HTML' : 'HTML (none)'}
        </Tabs.Tab>
        <Tabs.Tab value="text">Text</Tabs.Tab>
      </Tabs.List>
      {html && (
        <Tabs.Panel value="html" pt="xs">
          {/* No allow-scripts, no allow-same-origin: the HTML can neither run code nor reach the app. */}
          <iframe
            title={`HTML part of “${subject}”`}
            sandbox=""
            srcDoc={htmlPreviewDocument(html)}
            className={classes.htmlBody}
            style={{ height: frameHeight }}
            data-testid={`${testId}-html-body`}
          />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="text" pt="xs">
        <pre
          className={classes.textBody}
          style={{ maxHeight: frameHeight }}
          data-testid={`${testId}-text-body`}
        >
          {text}
        </pre>
      </Tabs.Panel>
    </Tabs>
  );
}
