import type { ContactChangeInput } from '@/lib/schemas/profile';
import { apiRequest } from './client';

/** My account's changes: username, avatar, email and phone, and the old address's undo. */
export const profileApi = {
  changeUsername: (username: string, locale?: string) =>
    apiRequest<{ username: string }>('/users/username', {
      method: 'PUT',
      body: { username },
      locale,
    }),
  /** The image itself is the body: the platform reads its type from its bytes. */
  uploadAvatar: (file: Blob, locale?: string) =>
    apiRequest<{ avatar: string }>('/users/avatar', { method: 'POST', file, locale }),
  removeAvatar: (locale?: string) =>
    apiRequest<{ avatar: null }>('/users/avatar', { method: 'DELETE', locale }),
  changeContact: (body: ContactChangeInput, locale?: string) =>
    apiRequest<{ sent: true }>('/users/contact', { method: 'POST', body, locale }),
  confirmContact: (
    body: { channel: 'email' | 'phone'; contact: string; code: string },
    locale?: string,
  ) => apiRequest<{ changed: true }>('/users/contact/confirm', { method: 'POST', body, locale }),
  undoContact: (token: string, locale?: string) =>
    apiRequest<{ channel: 'email' | 'phone'; restored: string | null }>('/auth/contact-undo', {
      method: 'POST',
      body: { token },
      locale,
    }),
};
