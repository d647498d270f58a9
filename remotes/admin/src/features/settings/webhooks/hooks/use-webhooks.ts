import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointBodyInput, WebhookEndpointWithSecret } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { serverFieldErrors } from '../../../../lib/field-errors';
import { useFeedback } from '../../../../lib/use-feedback';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  retryWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from '../api/webhooks';
import { outcomeOf, urlErrorKey, withEnabled, type Outcome } from '../webhooks-view';

/**
 * The tab's cached reads: the endpoints, and each endpoint's deliveries (asked when its list opens). A change puts
 * the API's answer in the cache at once, then the list refetches.
 */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (id: number) => ['webhooks', 'deliveries', id] as const,
};

export function useWebhookEndpoints() {
  return useQuery({ queryKey: webhookKeys.endpoints, queryFn: listWebhookEndpoints });
}

/** An endpoint's latest deliveries while `endpoint` is set; fresh each time the list opens (they change on their own). */
export function useWebhookDeliveries(endpoint: WebhookEndpoint | null) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpoint?.id ?? 0),
    queryFn: () => (endpoint ? listWebhookDeliveries(endpoint) : Promise.resolve([])),
    enabled: endpoint !== null,
    staleTime: 0,
  });
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An attempt's outcome in words: "Delivered: …", "Not delivered: …" with the reason there was no answer. */
export function outcomeText(outcome: Outcome, t: Translate): string {
  switch (outcome.kind) {
    case 'delivered':
    case 'answered':
      return t(`webhooks.outcome.${outcome.kind}`, { code: outcome.code });
    default:
      return t('webhooks.outcome.noAnswer', { reason: reasonText(outcome, t) });
  }
}

/** Why an attempt got no answer, in words (the server's own, for a reason the screen does not know). */
export function reasonText(outcome: Exclude<Outcome, { kind: 'delivered' | 'answered' }>, t: Translate): string {
  switch (outcome.kind) {
    case 'timeout':
      return t('webhooks.reasons.timeout');
    case 'refused':
      return t('webhooks.reasons.refused');
    case 'connection':
      return t('webhooks.reasons.connection', { code: outcome.code });
    default:
      return outcome.detail || t('webhooks.reasons.unknown');
  }
}

/**
 * What staff do with the endpoints: save one (the form shows the refusal), switch one on or off, rotate its secret
 * and delete it (both confirmed), send a test event, send a delivery again. The outcome of a sending is said in a
 * message: green when delivered, amber for another answer, red for none.
 */
export function useWebhookActions() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { confirm, fail, success } = useFeedback();

  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }), [queryClient]);
  const put = (endpoint: WebhookEndpoint) => {
    queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.endpoints, (list) =>
      list && (list.some((e) => e.id === endpoint.id) ? list.map((e) => (e.id === endpoint.id ? endpoint : e)) : [...list, endpoint]),
    );
    refetch();
  };
  const report = (prefix: 'test' | 'retry', delivery: WebhookDelivery) => {
    const outcome = outcomeOf(delivery);
    const type = outcome.kind === 'delivered' ? 'success' : outcome.kind === 'answered' ? 'warning' : 'error';
    void message.open({ type, content: t(`webhooks.${prefix}.result`, { outcome: outcomeText(outcome, t as Translate) }), duration: 8 });
  };
  /** A failure said in words: a refused URL by its rule (the API checks it again on every save), else the common text. */
  const failed = (error: unknown) => {
    const url = serverFieldErrors(error, ['url'] as const)[0];
    if (url) void message.error(t(urlErrorKey(url.rule)));
    else fail(error);
  };

  return {
    /** Creates (answering the secret, shown once) or saves an endpoint; throws for the form to show the refusal. */
    save: async (endpoint: WebhookEndpoint | null, body: WebhookEndpointBodyInput): Promise<WebhookEndpointWithSecret | null> => {
      if (endpoint) {
        put(await updateWebhookEndpoint(endpoint, body));
        success(t('webhooks.done.saved'));
        return null;
      }
      const created = await createWebhookEndpoint(body);
      put(created.endpoint);
      success(t('webhooks.done.created'));
      return created;
    },
    /** Switches an endpoint on or off (on again after the server disabled it: what waited goes out). */
    setEnabled: async (endpoint: WebhookEndpoint, enabled: boolean): Promise<boolean> => {
      try {
        put(await updateWebhookEndpoint(endpoint, withEnabled(endpoint, enabled)));
      } catch (error) {
        failed(error);
        return false;
      }
      success(t(enabled ? 'webhooks.done.enabled' : 'webhooks.done.disabled'));
      return true;
    },
    /** A new secret after confirmation, to show once; null when not confirmed or refused. */
    rotate: async (endpoint: WebhookEndpoint): Promise<WebhookEndpointWithSecret | null> => {
      if (!(await confirm({ title: t('webhooks.confirm.rotateTitle'), content: t('webhooks.confirm.rotate', { url: endpoint.url }) }))) return null;
      try {
        const rotated = await rotateWebhookSecret(endpoint);
        put(rotated.endpoint);
        return rotated;
      } catch (error) {
        fail(error);
        return null;
      }
    },
    /** Deletes an endpoint and its deliveries after confirmation. */
    remove: async (endpoint: WebhookEndpoint): Promise<boolean> => {
      if (!(await confirm({ title: t('webhooks.confirm.deleteTitle'), content: t('webhooks.confirm.delete', { url: endpoint.url }), danger: true }))) return false;
      try {
        await deleteWebhookEndpoint(endpoint);
      } catch (error) {
        fail(error);
        return false;
      }
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.endpoints, (list) => list?.filter((e) => e.id !== endpoint.id));
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(endpoint.id) });
      refetch();
      success(t('webhooks.done.deleted'));
      return true;
    },
    /** Sends a test event and says what came back. */
    test: async (endpoint: WebhookEndpoint): Promise<WebhookDelivery | null> => {
      try {
        const delivery = await sendWebhookTest(endpoint);
        report('test', delivery);
        void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) });
        refetch();
        return delivery;
      } catch (error) {
        fail(error);
        return null;
      }
    },
    /** Sends a delivery again, puts its new state in the endpoint's list and says what came back. */
    retry: async (endpoint: WebhookEndpoint, delivery: WebhookDelivery): Promise<WebhookDelivery | null> => {
      try {
        const sent = await retryWebhookDelivery(delivery);
        queryClient.setQueryData<WebhookDelivery[]>(webhookKeys.deliveries(endpoint.id), (list) => list?.map((d) => (d.id === sent.id ? sent : d)));
        report('retry', sent);
        refetch();
        return sent;
      } catch (error) {
        fail(error);
        return null;
      }
    },
  };
}
