'use client';

import { useQuery } from '@tanstack/react-query';
import { OperatorApiError } from '../operator-api';
import { useEndpoints } from '../operator-providers';

/**
 * A KYC document's bytes, fetched with the staff session (each fetch is an audited read). The file
 * never gets an address of its own on the back-office origin: images are shown from a blob, PDFs
 * are drawn by pdf.js from these bytes.
 */
export function useDocumentBytes(id: string) {
  const { apiBaseUrl } = useEndpoints();
  return useQuery({
    queryKey: ['operator', 'kyc-document', id],
    queryFn: async () => {
      const response = await fetch(`${apiBaseUrl}/operator/kyc/documents/${id}`, {
        credentials: 'same-origin',
      });
      if (!response.ok) {
        const payload = (await response.json().catch(() => null)) as {
          code?: string;
          error?: { message?: string };
        } | null;
        throw new OperatorApiError(
          payload?.error?.message ?? response.statusText,
          response.status,
          payload?.code ?? 'ERROR',
        );
      }
      return response.arrayBuffer();
    },
    // A reviewer looking twice is one read: the bytes stay while the case is open.
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
