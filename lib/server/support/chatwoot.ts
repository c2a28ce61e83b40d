import 'server-only';
import { createHmac } from 'node:crypto';
import { config } from '@/lib/config';
import { ApiError } from '@/lib/server/http/api-error';
import { findPlayer } from '@/lib/server/players/store';
import type { ChatwootIdentity } from '@/lib/schemas/support';
import { memberInfoOf } from './member-info';

/** Chatwoot's identity validation: hex HMAC-SHA256 of the identifier with the inbox's secret. */
export function chatwootIdentifierHash(identifier: string, secret: string): string {
  return createHmac('sha256', secret).update(identifier).digest('hex');
}

/**
 * The player as a Chatwoot contact: the member id as the identifier (stable through username and
 * email changes), signed so that the inbox accepts it only from us, with memberInfo as the
 * contact's custom attributes for the agent's side panel.
 */
export async function chatwootIdentity(userId: string): Promise<ChatwootIdentity> {
  const secret = config.CHATWOOT_HMAC_TOKEN;
  if (config.SUPPORT_PROVIDER !== 'chatwoot' || !secret) {
    throw new ApiError('PROVIDER_NOT_CONFIGURED');
  }
  const [player, memberInfo] = await Promise.all([findPlayer('id', userId), memberInfoOf(userId)]);
  if (!player) throw new ApiError('NOT_FOUND');
  const identifier = memberInfo.memberId;
  const customAttributes: ChatwootIdentity['customAttributes'] = {};
  for (const [key, value] of Object.entries(memberInfo)) {
    if (value !== null) customAttributes[key] = value;
  }
  return {
    identifier,
    identifierHash: chatwootIdentifierHash(identifier, secret),
    name: memberInfo.memberUsername,
    email: player.email,
    // Chatwoot fetches the picture itself: it needs the full address.
    avatarUrl: player.avatar ? new URL(player.avatar, config.SITE_URL).href : null,
    customAttributes,
  };
}
