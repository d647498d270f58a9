import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointBodyInput } from '@vitrine/contracts';

/** An event an endpoint can subscribe to (contracts' WEBHOOK_EVENTS). */
export type WebhookEvent = WebhookEndpoint['events'][number];

/**
 * Each event's texts (`webhooks.events.<key>.label` / `.help`), in the order the form lists them. The screen reads
 * the events from this map instead of the schemas entry of the contracts (which brings typebox and every schema, about
 * 24 KiB gzip, into the tab's chunk): the type makes the compiler name an event the API gains or loses here, and the
 * tests compare the list with WEBHOOK_EVENTS.
 */
const EVENT_TEXT_KEYS = {
  'lead.created': 'leadCreated',
  'lead.updated': 'leadUpdated',
  'message.received': 'messageReceived',
  'subscriber.confirmed': 'subscriberConfirmed',
  'subscriber.cancelled': 'subscriberCancelled',
  'article.published': 'articlePublished',
} as const satisfies Record<WebhookEvent, string>;

export const EVENT_LIST = Object.keys(EVENT_TEXT_KEYS) as WebhookEvent[];

/** The texts' key of an event, `webhook.test` included (the deliveries list it); null for one this screen does not know. */
export function eventTextKey(event: string): string | null {
  if (event === 'webhook.test') return 'webhookTest';
  return (EVENT_TEXT_KEYS as Record<string, string>)[event] ?? null;
}

/** The sizes the API accepts (contracts' WEBHOOK_LIMITS; the tests compare them). */
export const ENDPOINT_LIMITS = { url: 2000, description: 200 } as const;

/** What the form edits. */
export interface EndpointFormValues {
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
}

export const NEW_ENDPOINT: EndpointFormValues = { url: '', description: '', events: [], enabled: true };

export function toFormValues(endpoint: WebhookEndpoint): EndpointFormValues {
  return { url: endpoint.url, description: endpoint.description, events: [...endpoint.events], enabled: endpoint.enabled };
}

/** The body the API takes: the URL and description trimmed, the events in the list's order. */
export function toBody(values: EndpointFormValues): WebhookEndpointBodyInput {
  return {
    url: values.url.trim(),
    description: values.description.trim(),
    events: EVENT_LIST.filter((event) => values.events.includes(event)),
    enabled: values.enabled,
  };
}

/** The body of an endpoint as saved, with another enabled state (the list's switch, "enable again"). */
export function withEnabled(endpoint: WebhookEndpoint, enabled: boolean): WebhookEndpointBodyInput {
  return { ...toBody(toFormValues(endpoint)), enabled };
}

/**
 * What the screen checks of a URL before sending it, as the API does (the API also refuses an address that is not
 * public or a name that does not resolve, which only it can tell): the rule broken, as the API names it, or null.
 */
export function urlProblem(value: string): 'isNotEmpty' | 'isUrl' | 'noCredentials' | null {
  const trimmed = value.trim();
  if (!trimmed) return 'isNotEmpty';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'isUrl';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'isUrl';
  if (url.username || url.password) return 'noCredentials';
  return null;
}

/** The texts' key of a URL rule the screen or the API names (`webhooks.errors.url.<rule>`). */
export function urlErrorKey(rule: string | undefined): string {
  switch (rule) {
    case 'isNotEmpty':
    case 'isUrl':
    case 'noCredentials':
    case 'isPublicAddress':
    case 'resolves':
    case 'maxLength':
      return `webhooks.errors.url.${rule}`;
    default:
      return 'webhooks.errors.url.isUrl';
  }
}

/**
 * What an attempt got, to say in the user's language: a 2xx (delivered), another answer (its status code), or no
 * answer and why: the time limit, an address that is not public, a failed connection (its error code) or something
 * else (the server's own words).
 */
export type Outcome =
  | { kind: 'delivered'; code: number }
  | { kind: 'answered'; code: number }
  | { kind: 'timeout'; detail: string }
  | { kind: 'refused'; detail: string }
  | { kind: 'unknown'; detail: string }
  | { kind: 'connection'; detail: string; code: string };

export function outcomeOf(delivery: Pick<WebhookDelivery, 'status_code' | 'response'>): Outcome {
  const code = delivery.status_code;
  if (code !== null) return code >= 200 && code < 300 ? { kind: 'delivered', code } : { kind: 'answered', code };
  const detail = delivery.response ?? '';
  if (detail.startsWith('timed out')) return { kind: 'timeout', detail };
  if (detail.startsWith('refused')) return { kind: 'refused', detail };
  const connection = /^no answer: (\S+)/.exec(detail);
  if (connection) return { kind: 'connection', detail, code: connection[1]! };
  return { kind: 'unknown', detail };
}

/** The first characters of an answer the deliveries list shows before "Show all". */
export const RESPONSE_PREVIEW = 120;
