import type { Envelope, WebhookDelivery, WebhookEndpoint, WebhookEndpointBodyInput, WebhookEndpointWithSecret } from '@vitrine/contracts';
import { http } from '@vitrine/core';

type EndpointRef = Pick<WebhookEndpoint, 'id' | 'unique_key'>;
const ref = (endpoint: EndpointRef) => `${endpoint.id}/${encodeURIComponent(endpoint.unique_key)}`;

/** Every endpoint (route settings, tab "webhooks"; the settings access). Never their secrets. */
export async function listWebhookEndpoints(): Promise<WebhookEndpoint[]> {
  const { data } = await http.get<Envelope<WebhookEndpoint[]>>('/webhook/endpoints');
  return data.data;
}

/**
 * A new endpoint and its signing secret, answered this once. 400 VALIDATION_ERROR on `url` with the rule broken:
 * `isUrl`, `noCredentials`, `isPublicAddress` (a private or internal address), `resolves` (a name that does not resolve).
 */
export async function createWebhookEndpoint(input: WebhookEndpointBodyInput): Promise<WebhookEndpointWithSecret> {
  const { data } = await http.post<Envelope<WebhookEndpointWithSecret>>('/webhook/endpoint', input);
  return data.data;
}

/** The whole endpoint again (the same body and refusals as creating one); enabling it again sends what waited. */
export async function updateWebhookEndpoint(endpoint: EndpointRef, input: WebhookEndpointBodyInput): Promise<WebhookEndpoint> {
  const { data } = await http.put<Envelope<WebhookEndpoint>>(`/webhook/endpoint/${ref(endpoint)}`, input);
  return data.data;
}

/** The endpoint and its deliveries. */
export async function deleteWebhookEndpoint(endpoint: EndpointRef): Promise<void> {
  await http.delete(`/webhook/endpoint/${ref(endpoint)}`);
}

/** A new signing secret, answered this once; the previous one signs beside it until `endpoint.previous_secret_until`. */
export async function rotateWebhookSecret(endpoint: EndpointRef): Promise<WebhookEndpointWithSecret> {
  const { data } = await http.post<Envelope<WebhookEndpointWithSecret>>(`/webhook/endpoint-rotate-secret/${ref(endpoint)}`);
  return data.data;
}

/** Sends a `webhook.test` event now (enabled or not) and answers its delivery: the status code, or why no answer came. */
export async function sendWebhookTest(endpoint: EndpointRef): Promise<WebhookDelivery> {
  const { data } = await http.post<Envelope<WebhookDelivery>>(`/webhook/endpoint-test/${ref(endpoint)}`);
  return data.data;
}

/** The endpoint's 50 latest deliveries, newest first. */
export async function listWebhookDeliveries(endpoint: EndpointRef): Promise<WebhookDelivery[]> {
  const { data } = await http.get<Envelope<WebhookDelivery[]>>(`/webhook/deliveries/${ref(endpoint)}`);
  return data.data;
}

/** Sends a delivery again now (the same webhook-id and body) and answers it after this attempt. */
export async function retryWebhookDelivery(delivery: Pick<WebhookDelivery, 'id'>): Promise<WebhookDelivery> {
  const { data } = await http.post<Envelope<WebhookDelivery>>(`/webhook/delivery-retry/${encodeURIComponent(delivery.id)}`);
  return data.data;
}
