import { queryOptions } from '@tanstack/react-query';
import type { DocumentKind, KycDetails, KycDocument, Verification } from '@/lib/schemas/kyc';
import { apiRequest } from './client';
import { playerKeys } from './queries/player';

export const verificationKeys = { verification: [...playerKeys.all, 'verification'] as const };

export const verificationQuery = () =>
  queryOptions({
    queryKey: verificationKeys.verification,
    queryFn: ({ signal }) => apiRequest<Verification>('/users/verification', { signal }),
  });

export const verificationApi = {
  submitDetails: (body: KycDetails, locale?: string) =>
    apiRequest<Verification>('/users/verification/details', { method: 'PUT', body, locale }),
  /** The file itself is the body: the platform reads its type from its bytes. */
  upload: (kind: DocumentKind, file: Blob, locale?: string) =>
    apiRequest<KycDocument>('/users/verification/documents', {
      method: 'POST',
      query: { kind },
      file,
      locale,
    }),
};
