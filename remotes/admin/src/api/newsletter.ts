import type { DigestDeliveriesInput, DigestDelivery, DigestPreview, DigestSendStates, DigestSettingsValue, Envelope, ListPage } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/** Each week's digest, newest first, with its deliveries: sent, failed and queued of total, and each state's count. */
export async function listDigests(): Promise<DigestSendStates[]> {
  const { data } = await http.get<Envelope<DigestSendStates[]>>('/newsletter/digests');
  return data.data;
}

/** A page of a week's deliveries, one per recipient, optionally of one state, with the SMTP server's last answer or why it was skipped. */
export async function listDigestDeliveries(id: number, input: DigestDeliveriesInput): Promise<ListPage<DigestDelivery>> {
  const { data } = await http.get<Envelope<ListPage<DigestDelivery>>>(`/newsletter/digests/${id}/deliveries`, { params: input });
  return data.data;
}

/** The next digest as it stands now and how many subscribers would get it. */
export async function getDigestPreview(): Promise<DigestPreview> {
  const { data } = await http.get<Envelope<DigestPreview>>('/newsletter/digest-preview');
  return data.data;
}

/** Sends the next digest, as it stands, to the signed-in user. */
export async function sendDigestTest(): Promise<void> {
  await http.post('/newsletter/digest-test');
}

export async function getDigestSettings(): Promise<DigestSettingsValue> {
  const { data } = await http.get<Envelope<DigestSettingsValue>>('/newsletter/settings');
  return data.data;
}

/** 400 with a field error on `timeZone` when the zone is unknown. */
export async function saveDigestSettings(settings: DigestSettingsValue): Promise<DigestSettingsValue> {
  const { data } = await http.put<Envelope<DigestSettingsValue>>('/newsletter/settings', settings);
  return data.data;
}
