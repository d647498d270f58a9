/** Static types of the digest deliveries' and bounces' schemas (schemas/deliveries.ts); type-only. */
import type { Static } from 'typebox';
import type * as S from './deliveries';

export type DigestDeliveryCounts = Static<typeof S.DigestDeliveryCountsSchema>;
export type DigestSendStates = Static<typeof S.DigestSendStatesSchema>;
export type DigestDelivery = Static<typeof S.DigestDeliverySchema>;
export type DigestDeliveriesInput = Static<typeof S.DigestDeliveriesQuery>;
export type LeadWithBounce = Static<typeof S.LeadWithBounceSchema>;
