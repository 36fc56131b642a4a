// A shop's receiver of the back office's webhooks (docs/storefront.md, "Webhooks"): Node.js 22+, with the
// `standardwebhooks` package (npm install standardwebhooks). Run: WEBHOOK_SECRET=whsec_… PORT=8080 node webhook-receiver.mjs
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

// The endpoint's signing secret, as the back office showed it once (whsec_…).
const webhook = new Webhook(process.env.WEBHOOK_SECRET);
// The webhook-ids already handled: a repeat (a retry whose answer was lost, a replay) is answered, not redone.
// A real shop keeps them in its database, in the transaction that acts on the event.
const handled = new Set();

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    // Verify the raw body as it came: parsing and re-serialising it first would change the bytes signed.
    const body = Buffer.concat(chunks).toString('utf8');
    let event;
    try {
      event = webhook.verify(body, {
        'webhook-id': request.headers['webhook-id'],
        'webhook-timestamp': request.headers['webhook-timestamp'],
        'webhook-signature': request.headers['webhook-signature'],
      });
    } catch {
      // Not signed with our secret, or more than 5 minutes old: ignore it.
      response.writeHead(400).end('invalid signature');
      return;
    }
    const id = request.headers['webhook-id'];
    if (!handled.has(id)) {
      handled.add(id);
      handle(event);
    }
    // Answer 2xx at once (within 10 s): anything else, or no answer, and the back office sends it again later.
    response.writeHead(204).end();
  });
});

/** What the shop does with each event. */
function handle({ type, data }) {
  switch (type) {
    case 'order_item.refunded':
      console.log(`refund ${data.amount_in_pence} pence to the customer of ${data.order_item_ref}`);
      break;
    case 'order_item.update_requested':
      console.log(
        `ask the customer of ${data.order_item_ref} about ${data.amount_in_pence} pence (${data.kind})`,
      );
      break;
    case 'order_item.despatched':
      console.log(
        `${data.order_item_ref} despatched by ${data.carrier}, tracking ${data.tracking_reference}`,
      );
      break;
    default:
      console.log(`${type} for ${data.order_item_ref ?? data.conversation_id ?? 'the shop'}`);
  }
}

server.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => {
  console.log(`listening on ${server.address().port}`);
});
